/**
 * The country a visitor said they live in, for "Remote for me": picked once, remembered in this
 * browser's localStorage (nothing leaves the browser). ISO 3166-1 alpha-2, upper case, or null.
 * Storage that is unavailable (private mode, blocked) just forgets.
 */
import { isCountryCode } from '../../../../shared/format/job-labels';

const KEY = 'latentjobs.country';

export function readRememberedCountry(): string | null {
  try {
    const code = window.localStorage.getItem(KEY);
    return code && isCountryCode(code) ? code : null;
  } catch {
    return null;
  }
}

export function rememberCountry(code: string): void {
  try {
    window.localStorage.setItem(KEY, code);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
