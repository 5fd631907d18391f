/**
 * The send-rate limiter: `createSendPacer(ratePerSecond)` → `pace(task)`, which starts `task`
 * only when the rate allows (p-queue's interval cap: at most `rate` starts per second, or one
 * every 1/rate seconds below 1 per second) and resolves with its result. One pacer per run,
 * shared by every send and retry of that run, so SES's account send rate is never exceeded by
 * this process.
 */
import PQueue from 'p-queue';

export type Pace = <T>(task: () => Promise<T>) => Promise<T>;

export const createSendPacer = (ratePerSecond: number): Pace => {
  if (!(ratePerSecond > 0)) throw new Error(`createSendPacer: rate must be above 0, got ${ratePerSecond}`);
  const queue =
    ratePerSecond >= 1
      ? new PQueue({ interval: 1000, intervalCap: Math.floor(ratePerSecond), carryoverIntervalCount: true })
      : new PQueue({ interval: Math.round(1000 / ratePerSecond), intervalCap: 1, carryoverIntervalCount: true });
  return <T>(task: () => Promise<T>) => queue.add(task) as Promise<T>;
};
