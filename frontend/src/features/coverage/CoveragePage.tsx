/**
 * `/coverage`: what Latent Jobs tracks and how fresh it is, from `GET /api/coverage`
 * (shared/crawl/coverage.ts): companies tracked per ATS, jobs open, new and closed today, when
 * the last crawl finished, the sources failing now, new jobs a day over 30 days (./NewJobsChart),
 * and per company the share of its postings under a pay-transparency law that post no pay range;
 * on the local demo catalog, the line saying its postings are shown as if read today.
 * The route's `loader` fetches the report (on the server for the first page); a failed load is
 * the route's error box.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getJson } from '../../api/http';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import type { CoverageReport } from '../../../../shared/crawl/coverage';
import { atsName } from '../../../../shared/format/job-source';
import { timeAgo } from '../../../../shared/format/time-ago';
import { NewJobsChart } from './NewJobsChart';
import { DemoNotice } from '../../ui/DemoNotice';
import styles from './CoveragePage.module.css';

export async function loader({ request }: LoaderFunctionArgs): Promise<CoverageReport> {
  return routeData(getJson<CoverageReport>('/coverage', request.signal));
}

const number = (value: number): string => value.toLocaleString('en-US');

/** 'Nov 3, 2026, 14:05 UTC'. */
const moment = (iso: string): string =>
  `${new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;

export function CoveragePage() {
  const report = useLoaderData<CoverageReport>();
  useDocumentMeta('Coverage: what we track and how fresh it is | Latent Jobs', 'How many companies and jobs Latent Jobs reads from the employers’ own hiring systems, how fresh they are and what is failing now.');
  const now = new Date(report.generated_at);
  const stats: [string, string][] = [
    ['Companies tracked', number(report.companies_total)],
    ['Jobs open', number(report.jobs_open)],
    ['New today', number(report.new_today)],
    ['Closed today', number(report.closed_today)],
  ];

  return (
    <div className={styles.page}>
      <h1>Coverage</h1>
      <p className={styles.intro}>
        Every job on Latent Jobs is read from the employer’s own hiring system and checked again on each crawl. This is what we track and how fresh it is, as of{' '}
        <time dateTime={report.generated_at}>{moment(report.generated_at)}</time>.
      </p>
      <DemoNotice capturedOn={report.demo_catalog?.captured_on ?? null} />

      <dl className={styles.stats}>
        {stats.map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={styles.stat}>
          <dt>Last crawl</dt>
          <dd className={styles.small}>
            {report.last_crawl ? (
              <>
                <time dateTime={report.last_crawl.finished_at} title={moment(report.last_crawl.finished_at)}>
                  {timeAgo(report.last_crawl.finished_at, now)}
                </time>
                <span className={styles.detail}>
                  {number(report.last_crawl.companies_ok)} companies read, {number(report.last_crawl.companies_failing)} failing
                </span>
              </>
            ) : (
              'No crawl yet'
            )}
          </dd>
        </div>
      </dl>

      <section className={styles.section} aria-labelledby="new-per-day">
        <h2 id="new-per-day">New jobs a day, last 30 days</h2>
        <NewJobsChart days={report.new_per_day} />
      </section>

      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby="per-ats">
          <h2 id="per-ats">Companies by hiring system</h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Hiring system</th>
                <th scope="col">Companies</th>
              </tr>
            </thead>
            <tbody>
              {report.companies_by_ats.map(({ ats, companies }) => (
                <tr key={ats}>
                  <th scope="row">{ats === 'careers_page' ? 'Careers pages' : atsName(ats)}</th>
                  <td>{number(companies)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section className={styles.section} aria-labelledby="failing">
          <h2 id="failing">Failing sources</h2>
          {report.failing_sources.length === 0 ? (
            <p>None: every source answered in its last crawl.</p>
          ) : (
            <ul className={styles.failing}>
              {report.failing_sources.map((source) => (
                <li key={`${source.ats}:${source.company_name}`}>
                  <strong>{source.company_name}</strong> ({source.ats === 'careers_page' ? 'careers page' : atsName(source.ats)}): {source.reason ?? 'failed'}.{' '}
                  {source.last_ok_at ? (
                    <>
                      Last read <time dateTime={source.last_ok_at}>{timeAgo(source.last_ok_at, now)}</time>.
                    </>
                  ) : (
                    'Never read yet.'
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className={styles.section} aria-labelledby="pay-ranges">
        <h2 id="pay-ranges">Pay ranges the law expects</h2>
        <p>
          Open jobs placed where a pay-transparency law expects the posting to state its pay (Colorado since 2021, California, Washington and New York
          City, Illinois and Minnesota since 2025, and others), and the share of them that post none. The law may not reach a small employer, so a
          missing range is expected, not proven unlawful.
        </p>
        {report.pay_ranges.length === 0 ? (
          <p>No open job is placed under such a law.</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Jobs under a law</th>
                <th scope="col">Without a pay range</th>
              </tr>
            </thead>
            <tbody>
              {report.pay_ranges.map((company) => (
                <tr key={company.company_name}>
                  <th scope="row">{company.company_name}</th>
                  <td>{number(company.jobs_under_law)}</td>
                  <td>
                    {number(company.without_range)} ({Math.round(company.share_without_range * 100)}%)
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
