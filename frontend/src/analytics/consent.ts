/**
 * The visitor's analytics consent: 'accepted', 'rejected', or null while they have not chosen.
 * Remembered in localStorage (key `latentjobs.analytics-consent`); readable from React with
 * `useConsent()`, which re-renders on a change in this tab or another.
 */
import { useSyncExternalStore } from 'react';

export type ConsentChoice = 'accepted' | 'rejected';

export const CONSENT_STORAGE_KEY = 'latentjobs.analytics-consent';
const listeners = new Set<() => void>();

/** The remembered choice, or null (also when storage is unavailable, e.g. blocked cookies). */
export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

/** Remembers `choice` (null forgets it, so the banner asks again). */
export function saveConsent(choice: ConsentChoice | null): void {
  try {
    if (choice) window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
    else window.localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === CONSENT_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const useConsent = (): ConsentChoice | null => useSyncExternalStore(subscribe, readConsent, () => null);
