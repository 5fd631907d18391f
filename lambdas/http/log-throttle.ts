/**
 * Repeated errors logged once per interval with a count, so an outage does not flood the log
 * (a dead DynamoDB Local once wrote 31,000 error lines in 37 seconds).
 *
 * `createLogThrottle(intervalMs, now?)` → `(key) => number | null`: for the first occurrence of
 * `key` in an interval, the number of occurrences of that key that were held back since the
 * last one logged (0 the first time): log it, with that count. Within the interval: null, hold
 * it back. Keys are kinds of error (e.g. "503 ECONNREFUSED"); at most 100 are remembered.
 */
export const createLogThrottle = (intervalMs: number, now: () => number = Date.now) => {
  const seen = new Map<string, { at: number; held: number }>();
  return (key: string): number | null => {
    const entry = seen.get(key);
    const time = now();
    if (entry !== undefined && time - entry.at < intervalMs) {
      entry.held += 1;
      return null;
    }
    if (entry === undefined && seen.size >= 100) seen.delete(seen.keys().next().value!);
    seen.set(key, { at: time, held: 0 });
    return entry?.held ?? 0;
  };
};
