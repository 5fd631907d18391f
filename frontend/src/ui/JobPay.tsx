/**
 * A job's pay as items of a details list (job cards and the job page): pay as posted (and, on
 * the job page, our yearly-USD conversion when the posting is in another currency or period,
 * labelled as ours); else our estimate, in its own style and labelled as an estimate with its
 * basis (never as the employer's figure); and the pay-transparency note when a law expects a
 * range the posting does not state. Wording: shared/format/pay.ts.
 */
import type { PublicListJob } from '../../../shared/jobs/job';
import { payEstimateRangeText, payEstimateText, payRangeExpectedText, payText, showsConversion, usdYearText } from '../../../shared/format/pay';
import styles from './JobPay.module.css';

type PayFields = Pick<PublicListJob, 'compensation' | 'salary_usd_year' | 'pay_estimate' | 'pay_range_expected'>;

export function JobPay({ job, detailed = false }: { job: PayFields; detailed?: boolean }) {
  const posted = payText(job.compensation);
  const converted = detailed && showsConversion(job.compensation, job.salary_usd_year) ? usdYearText(job.salary_usd_year) : null;
  const estimate = posted === null ? payEstimateText(job.pay_estimate) : null;
  const note = payRangeExpectedText(job.pay_range_expected);
  return (
    <>
      {posted && <li className={styles.posted}>{posted}</li>}
      {converted && <li className={styles.converted}>{converted}</li>}
      {estimate &&
        (detailed ? (
          <li className={styles.estimate}>{estimate}</li>
        ) : (
          <li className={styles.estimate}>
            {payEstimateRangeText(job.pay_estimate)}
            <span className="visually-hidden">{estimate.replace(/^Est\. [^·]+/, '')}: our estimate, not the employer&apos;s</span>
          </li>
        ))}
      {note && <li className={styles.note}>{note}</li>}
    </>
  );
}
