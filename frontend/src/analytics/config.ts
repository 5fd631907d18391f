/**
 * Analytics configuration: the ONE module that reads it, at build time, from Vite's environment.
 *
 *   VITE_PLAUSIBLE_DOMAIN=latentjobs.com        the site's domain as registered at Plausible
 *   VITE_PLAUSIBLE_SCRIPT_URL=https://…/js/script.manual.js   optional, e.g. for a self-hosted Plausible
 *
 * With no domain set there is no analytics at all: no consent banner, no tag, `track` does nothing.
 * Plausible's manual script is used because the SPA reports its own page views on each route change
 * (https://plausible.io/docs/custom-locations).
 */

export interface AnalyticsConfig {
  /** Plausible's `data-domain`, e.g. 'latentjobs.com'. */
  domain: string;
  /** URL of Plausible's script. */
  scriptUrl: string;
}

export const DEFAULT_PLAUSIBLE_SCRIPT_URL = 'https://plausible.io/js/script.manual.js';

/** The configuration from build-time variables, or null when analytics is not configured. */
export function readAnalyticsConfig(env: Partial<Record<'VITE_PLAUSIBLE_DOMAIN' | 'VITE_PLAUSIBLE_SCRIPT_URL', string>>): AnalyticsConfig | null {
  const domain = env.VITE_PLAUSIBLE_DOMAIN?.trim();
  if (!domain) return null;
  return { domain, scriptUrl: env.VITE_PLAUSIBLE_SCRIPT_URL?.trim() || DEFAULT_PLAUSIBLE_SCRIPT_URL };
}

export const analyticsConfig: AnalyticsConfig | null = readAnalyticsConfig(import.meta.env);
