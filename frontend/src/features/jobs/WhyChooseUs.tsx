/**
 * The home page's collapsible 'Why Choose Us?' section, closed by default (<details>).
 */
import styles from './WhyChooseUs.module.css';

const REASONS = [
  {
    title: 'Straight from the source',
    text: "Every job is read from the employer's own hiring system (Greenhouse, Lever, Ashby and more), not copied from other boards, so links work and details are current.",
  },
  {
    title: 'Only AI and tech companies',
    text: 'We follow the labs, startups and scale-ups building AI, from research to infrastructure to product, so every search is relevant.',
  },
  {
    title: 'Fresh every hour',
    text: 'New openings appear within the hour and closed ones disappear, so you never apply to a role that was filled weeks ago.',
  },
  {
    title: 'Search the way you think',
    text: 'Find roles by company, city or tech skill, filter by department or remote work, and share any search as a link.',
  },
] as const;

export function WhyChooseUs() {
  return (
    <details className={styles.why}>
      <summary className={styles.summary}>
        <h2>Why Choose Us?</h2>
      </summary>
      <ul className={styles.reasons}>
        {REASONS.map(({ title, text }) => (
          <li key={title}>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
