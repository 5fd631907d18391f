/**
 * The domain never reads the clock itself: every function that needs "now" takes a Clock.
 * Times are UTC ISO-8601 strings (e.g. "2026-11-21T15:33:00.000Z").
 */
export type Clock = () => Date;

/** A clock frozen at the given UTC ISO-8601 instant; for tests and replays. */
export const fixedClock =
  (iso: string): Clock =>
  () =>
    new Date(iso);
