import { z } from 'zod';

/**
 * The pay histogram of a search answer (`POST /jobs` → `pay_histogram`): how many of the matching
 * jobs fall in each band of yearly USD pay, counted like a facet (with every filter of the query
 * but the pay floor itself, so each band says how many a floor there would keep).
 *
 * Bands: [0, 25k), [25k, 50k), ... [375k, 400k), [400k, ∞), by the figure the pay floor reads
 * (shared/pay/pay-filters.ts `payFigure`: posted pay, and estimates when the query includes them).
 * Jobs without a figure are counted in `without_pay`.
 *
 * `PAY_FLOORS_USD` are the floors the Pay filter offers, each a band edge, so "$100k+ (312)" is
 * the sum of the bands from 100k up (`jobsAtLeast`).
 */

/** Width of a band, whole USD a year. */
export const PAY_BAND_USD = 25_000;
/** Bands below the open top band. */
const BANDS = 16;
/** The floors the Pay filter offers, whole USD a year (each a band edge). */
export const PAY_FLOORS_USD = [50_000, 100_000, 150_000, 200_000, 250_000, 300_000] as const;

const count = z.number().int().nonnegative();
export const PayHistogramSchema = z.object({
  /** One count per band, lowest first: band i holds figures from i × 25,000 up to (i + 1) × 25,000; the last is open-ended. */
  bands: z.array(z.object({ from_usd: count, count })),
  /** Matching jobs without a pay figure. */
  without_pay: count,
});
export type PayHistogram = z.infer<typeof PayHistogramSchema>;

/** The band of a figure (NaN: none). */
export const payBandOf = (usd: number): number => (Number.isNaN(usd) ? -1 : Math.min(BANDS, Math.max(0, Math.floor(usd / PAY_BAND_USD))));

/** Empty counts, one per band. */
export const newPayBands = (): Uint32Array => new Uint32Array(BANDS + 1);

/** The answer's histogram from band counts (`newPayBands`, filled by `payBandOf`). */
export const toPayHistogram = (bands: Uint32Array, withoutPay: number): PayHistogram => ({
  bands: Array.from(bands, (jobs, band) => ({ from_usd: band * PAY_BAND_USD, count: jobs })),
  without_pay: withoutPay,
});

/** How many jobs of the histogram a pay floor keeps (the bands from the floor up; a floor between edges counts its band). */
export const jobsAtLeast = (histogram: PayHistogram, floorUsd: number): number =>
  histogram.bands.filter((band) => band.from_usd + PAY_BAND_USD > floorUsd).reduce((sum, band) => sum + band.count, 0);
