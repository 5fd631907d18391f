/**
 * `npm run bench:pay`: how much of the catalog ends with a pay figure, and how good the estimate is.
 *
 * Input: the 43 real Ashby boards captured 2025-10-28 (1,333 postings, 1,323 jobs;
 * stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json, in ../shared/data/ats/ashby, MIT),
 * parsed whole by the Ashby adapter (pay from Ashby's fields, else from the description:
 * shared/normalise/pay-text.ts) with the committed ECB rate snapshot. (The Greenhouse captures in
 * ../shared/data/ats/greenhouse state no pay in their `content`; no other capture has descriptions.)
 *
 * Pay from text:
 *   no_structured_pay      jobs whose source sent no structured pay
 *   text_states_pay        of those, jobs whose description has a line with a currency figure
 *                          and a pay word (salary, compensation, pay, OTE, earnings, wage, hourly,
 *                          rate) in it or the line above: a deliberately loose net, wider than
 *                          the parser's rules; the lines it catches that the parser does not read
 *                          are printed, to be read by a person (funding, revenue, benefits...)
 *   from_text              jobs that got pay from their description
 *   agreement              jobs with BOTH structured pay and a range in the text: share whose
 *                          text range equals the structured one (currency, period, ends within 2%)
 *
 * Estimate back-test (leave one out): each job with posted yearly USD pay (both ends) in turn has
 * it hidden and is estimated from all the others (shared/pay/pay-estimate.ts):
 *   median_abs_pct_error   median over estimated jobs of |estimate midpoint − posted midpoint| / posted midpoint (target ≤ 0.15)
 *   inside_range           share of posted midpoints inside the estimate's [min, max] (target ≥ 0.80)
 *   estimated_share        share of paid jobs that got an estimate at all when hidden
 * Coverage: `with_figure` = share of all jobs with posted pay or an estimate (target ≥ 0.90).
 *
 * Prints the figures, then one JSON line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Job } from '../shared/jobs/job';
import { linesOfHtml, payFromDescription } from '../shared/normalise/pay-text';
import { payEstimator } from '../shared/pay/pay-estimate';
import { parseAshbyBoard } from '../shared/sources/ashby';
import { fixedClock } from '../shared/time/clock';

const ASHBY_DIR = fileURLToPath(new URL('../../shared/data/ats/ashby/', import.meta.url));
const clock = fixedClock('2025-10-28T12:00:00.000Z');
const jobs: Job[] = readdirSync(ASHBY_DIR)
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => {
    const token = name.replace(/\.json$/, '');
    const body: unknown = JSON.parse(readFileSync(ASHBY_DIR + name, 'utf8'));
    return parseAshbyBoard(body, { company: { company_key: token.toLowerCase(), company_name: token, company_url: null, company_logo: null }, boardToken: token, clock }).jobs;
  });

const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

// Pay from text.
const MONEY = /(?:[$€£¥₹]\s?\d|\d\s?[kK]?\s?(?:€|£|\b(?:USD|EUR|GBP|CAD|CHF)\b))/;
const PAY_WORD = /salary|compensation|\bpay\b|\bOTE\b|on[- ]target|earnings|wage|hourly|\brate\b/i;
const unstructured = jobs.filter((job) => job.compensation === null || job.compensation.stated_in === 'description');
const moneyLines = (job: Job): string[] => {
  const lines = linesOfHtml(job.description ?? '');
  return lines.filter((line, at) => MONEY.test(line) && (PAY_WORD.test(line) || PAY_WORD.test(lines[at - 1] ?? '')));
};
const stating = unstructured.filter((job) => moneyLines(job).length > 0);
const fromText = unstructured.filter((job) => job.compensation !== null);
const caughtFromText = stating.filter((job) => job.compensation !== null);
const unread = stating.filter((job) => job.compensation === null);

const bothKinds = jobs.flatMap((job) => {
  if (job.compensation === null || job.compensation.stated_in === 'description') return [];
  const text = payFromDescription(job.description, { title: job.job_title, locations: job.locations });
  return text === null ? [] : [{ job, field: job.compensation, text }];
});
const near = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) <= 0.02 * Math.max(a, b);
const agreeing = bothKinds.filter(({ field, text }) => field.currency === text.currency && field.period === text.period && near(field.min, text.min) && near(field.max, text.max));

// Estimate back-test.
const estimator = payEstimator(jobs);
const paid = jobs.filter((job) => job.salary_usd_year?.min != null && job.salary_usd_year.max != null);
const errors: number[] = [];
let inside = 0;
let estimated = 0;
for (const job of paid) {
  const estimate = estimator.estimate(job, job);
  if (estimate === null) continue;
  estimated += 1;
  const posted = (job.salary_usd_year!.min! + job.salary_usd_year!.max!) / 2;
  errors.push(Math.abs((estimate.min + estimate.max) / 2 - posted) / posted);
  if (posted >= estimate.min && posted <= estimate.max) inside += 1;
}
errors.sort((a, b) => a - b);
const medianError = errors.length === 0 ? null : errors[errors.length >> 1]!;
const withPosted = jobs.filter((job) => job.compensation !== null && (job.compensation.min !== null || job.compensation.max !== null));
const withEstimate = jobs.filter((job) => !withPosted.includes(job) && (job.salary_usd_year === null || job.salary_usd_year.min === null || job.salary_usd_year.max === null) && estimator.estimate(job) !== null);
const scopes = new Map<string, number>();
for (const job of withEstimate) {
  const scope = estimator.estimate(job)!.scope;
  const key = `${scope.similar} · ${scope.place === null ? 'anywhere' : scope.place.includes(',') ? 'metro' : 'country'}`;
  scopes.set(key, (scopes.get(key) ?? 0) + 1);
}

const figures = {
  bench: 'pay',
  jobs: jobs.length,
  no_structured_pay: unstructured.length,
  text_states_pay: stating.length,
  from_text: fromText.length,
  from_text_of_stating: share(caughtFromText.length, stating.length),
  agreement_with_structured: share(agreeing.length, bothKinds.length),
  both_kinds: bothKinds.length,
  paid_usd_year: paid.length,
  estimated_share: share(estimated, paid.length),
  median_abs_pct_error: medianError === null ? null : Math.round(medianError * 1000) / 1000,
  inside_range: share(inside, estimated),
  with_posted: withPosted.length,
  with_estimate: withEstimate.length,
  with_figure: share(withPosted.length + withEstimate.length, jobs.length),
};

console.log(`Pay from text: ${unstructured.length} of ${jobs.length} jobs have no structured pay; ${stating.length} of them state pay in a line (loose net);`);
console.log(`  ${caughtFromText.length} of those read (${figures.from_text_of_stating}), ${fromText.length} jobs in all got pay from text.`);
console.log(`  Where both exist, the text's range equals the structured one for ${agreeing.length} of ${bothKinds.length} jobs (${figures.agreement_with_structured}).`);
console.log(`  Lines the loose net caught that the parser does not read as pay (${unread.length} jobs):`);
for (const job of unread) console.log(`    ${job.company_key}${job.slug_url}: ${moneyLines(job)[0]!.slice(0, 150)}`);
console.log(`Estimate back-test over ${paid.length} jobs with posted yearly USD pay (leave one out):`);
console.log(`  estimated ${estimated} (${figures.estimated_share}); median |error| of the midpoint ${figures.median_abs_pct_error} (target ≤ 0.15); posted midpoint inside the range ${figures.inside_range} (target ≥ 0.80)`);
console.log(`Coverage: ${withPosted.length} jobs with posted pay + ${withEstimate.length} with an estimate = ${figures.with_figure} of ${jobs.length} (target ≥ 0.90)`);
console.log(`  estimates by scope: ${[...scopes].map(([scope, count]) => `${scope} ${count}`).join(', ')}`);
console.log(JSON.stringify(figures));
