/**
 * The ATS providers jobs are read from: the one list every other list derives from (the `Ats`
 * enum of shared/jobs/job.ts, URL detection in shared/sources/detect-ats.ts, the board URLs,
 * sources and replay layout of lambdas/crawler, the crawl CLI's `--provider` choices, the
 * company import). Each id has its definition (URL rules, endpoints, fetch and parse) in its
 * adapter, shared/sources/{id}.ts, registered in shared/sources/providers.ts; the type checker
 * refuses an id without one. Kept apart from the definitions so the job schema can import it
 * without importing the adapters (which import the job schema).
 */
export const ATS_PROVIDERS = ['ashby', 'greenhouse', 'lever', 'workable', 'smartrecruiters', 'recruitee', 'workday', 'rippling', 'gem'] as const;
export type AtsProvider = (typeof ATS_PROVIDERS)[number];

/** Each provider's name as its maker writes it (shown on job pages, the coverage page, CLI help and import reports). */
export const ATS_PROVIDER_NAMES: Readonly<Record<AtsProvider, string>> = {
  ashby: 'Ashby',
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  workable: 'Workable',
  smartrecruiters: 'SmartRecruiters',
  recruitee: 'Recruitee',
  workday: 'Workday',
  rippling: 'Rippling',
  gem: 'Gem',
};
