import { describe, expect, it } from 'vitest';
import { payFigure } from './pay-filters';
import { jobsAtLeast, newPayBands, payBandOf, PAY_FLOORS_USD, toPayHistogram } from './pay-histogram';

// Figures of real captured postings: Replit's $180K – $250K, and the estimate a job without pay gets.
const posted = { salary_usd_year: { min: 180_000, max: 250_000 }, pay_estimate: null };
const estimated = {
  salary_usd_year: null,
  pay_estimate: { min: 150_000, max: 190_000, currency: 'USD' as const, period: 'year' as const, basis_count: 42, scope: { similar: 'title' as const, place: 'US' } },
};

describe('payFigure: what the pay floor reads', () => {
  it('reads posted pay, and an estimate only when the seeker includes estimates', () => {
    expect(payFigure(posted, false)).toBe(250_000);
    expect(payFigure(estimated, false)).toBeNaN();
    expect(payFigure(estimated, true)).toBe(190_000);
    expect(payFigure({ salary_usd_year: { min: 90_000, max: null }, pay_estimate: null }, false)).toBe(90_000);
  });
});

describe('pay histogram', () => {
  it('counts jobs per band of $25k and sums the bands a floor keeps', () => {
    const bands = newPayBands();
    for (const usd of [250_000, 190_000, 99_999, 100_000, 450_000, 12_000]) bands[payBandOf(usd)]! += 1;
    const histogram = toPayHistogram(bands, 3);
    expect(histogram.bands[0]).toEqual({ from_usd: 0, count: 1 });
    expect(histogram.bands.at(-1)).toEqual({ from_usd: 400_000, count: 1 });
    expect(histogram.without_pay).toBe(3);
    expect(jobsAtLeast(histogram, 100_000)).toBe(4);
    expect(jobsAtLeast(histogram, 200_000)).toBe(2);
    expect(PAY_FLOORS_USD.every((floor) => floor % 25_000 === 0)).toBe(true);
    expect(payBandOf(Number.NaN)).toBe(-1);
  });
});
