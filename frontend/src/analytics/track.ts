/**
 * `track(event)`: the site's one way to report what visitors do. Call it from anywhere:
 *
 *   track({ name: 'pageview', path: '/remote_jobs?page=2' });
 *   track({ name: 'company_card_click', company: 'Cohere' });
 *   track({ name: 'apply_click', company: 'Cohere', job: 'ML Engineer', target: 'internal' });
 *
 * Events go to Plausible only when analytics is configured (./config) AND the visitor accepted
 * the consent banner; otherwise they are dropped, nothing is stored or sent. Never throws.
 */
import { analyticsConfig, type AnalyticsConfig } from './config';
import { readConsent } from './consent';

export type AnalyticsEvent =
  | { name: 'pageview'; path: string }
  | { name: 'company_card_click'; company: string }
  | { name: 'apply_click'; company: string; job: string; target: 'internal' | 'external' };

type PlausibleFn = ((event: string, options?: { u?: string; props?: Record<string, string> }) => void) & { q?: unknown[] };

declare global {
  interface Window {
    plausible?: PlausibleFn;
  }
}

const SCRIPT_ID = 'analytics-tag';

/**
 * Adds Plausible's script to the page once, with its standard command queue so events sent before
 * it loads are kept (https://plausible.io/docs/custom-event-goals). Only call after consent.
 */
export function loadAnalyticsTag(config: AnalyticsConfig): void {
  if (document.getElementById(SCRIPT_ID)) return;
  window.plausible =
    window.plausible ??
    Object.assign((...args: unknown[]) => {
      (window.plausible!.q = window.plausible!.q ?? []).push(args);
    });
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.defer = true;
  script.src = config.scriptUrl;
  script.dataset.domain = config.domain;
  document.head.append(script);
}

const EVENT_NAMES: Record<Exclude<AnalyticsEvent['name'], 'pageview'>, string> = {
  company_card_click: 'Company Card Click',
  apply_click: 'Apply Click',
};

export function track(event: AnalyticsEvent): void {
  if (!analyticsConfig || readConsent() !== 'accepted') return;
  try {
    loadAnalyticsTag(analyticsConfig);
    if (event.name === 'pageview') {
      window.plausible!('pageview', { u: new URL(event.path, window.location.origin).href });
      return;
    }
    const { name, ...props } = event;
    window.plausible!(EVENT_NAMES[name], { props });
  } catch (error) {
    console.warn('analytics: event not sent', error);
  }
}
