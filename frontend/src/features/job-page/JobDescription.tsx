/**
 * A job's description as the employer wrote it: the ONE place the site renders HTML from data.
 *
 * Why this is safe: the HTML never comes from the visitor or straight from an employer. Every
 * description is sanitised on the server before it is stored (shared/html/sanitize.ts: an
 * allowlist over htmlparser2's parser: text formatting, lists, headings, simple tables and http(s)/
 * mailto links forced to rel="noopener noreferrer nofollow" target="_blank"; scripts, styles,
 * iframes, forms, images, event handlers and every other attribute are dropped), and the API
 * (`GET /api/jobs/{company}/{slug}`) serves exactly that stored HTML. Nothing else is passed here.
 * Without a description it says 'No description found yet...'.
 */
import styles from './JobPage.module.css';

export function JobDescription({ html }: { html: string | null }) {
  if (!html?.trim()) return <p className={styles.noDescription}>No description found yet...</p>;
  return <div className={styles.description} dangerouslySetInnerHTML={{ __html: html }} />;
}
