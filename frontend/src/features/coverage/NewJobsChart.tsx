/**
 * New jobs a day as a plain SVG bar chart, readable without colour: one bar per UTC day with its
 * count in a tooltip (SVG <title>), the largest count and the first and last days written on the
 * axes, and the same figures as a table for screen readers and anyone who prefers numbers
 * ("Show the figures"). `days` oldest first, e.g. [{ day: '2026-11-24', jobs: 12 }].
 */
import styles from './CoveragePage.module.css';

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 28;
const TOP = 16;

/** 'Nov 24' for '2026-11-24'. */
const short = (day: string): string => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function NewJobsChart({ days }: { days: readonly { day: string; jobs: number }[] }) {
  const max = Math.max(1, ...days.map((day) => day.jobs));
  const total = days.reduce((sum, day) => sum + day.jobs, 0);
  const slot = (WIDTH - AXIS) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - AXIS - TOP;
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`New jobs a day: ${total.toLocaleString('en-US')} in ${days.length} days, at most ${max.toLocaleString('en-US')} in one day`}>
        <line x1={AXIS} y1={TOP + plot} x2={WIDTH} y2={TOP + plot} className={styles.axis} />
        <line x1={AXIS} y1={TOP} x2={AXIS} y2={TOP + plot} className={styles.axis} />
        <text x={AXIS - 4} y={TOP + 4} textAnchor="end" className={styles.label}>
          {max.toLocaleString('en-US')}
        </text>
        <text x={AXIS - 4} y={TOP + plot} textAnchor="end" className={styles.label}>
          0
        </text>
        {days.map((day, index) => {
          const height = (day.jobs / max) * plot;
          return (
            <rect key={day.day} x={AXIS + index * slot + (slot - bar) / 2} y={TOP + plot - height} width={bar} height={height} className={styles.bar}>
              <title>{`${short(day.day)}: ${day.jobs.toLocaleString('en-US')} new ${day.jobs === 1 ? 'job' : 'jobs'}`}</title>
            </rect>
          );
        })}
        {first && (
          <text x={AXIS} y={HEIGHT - 8} className={styles.label}>
            {short(first.day)}
          </text>
        )}
        {last && (
          <text x={WIDTH} y={HEIGHT - 8} textAnchor="end" className={styles.label}>
            {short(last.day)}
          </text>
        )}
      </svg>
      <details className={styles.figures}>
        <summary>Show the figures</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">New jobs</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{short(day.day)}</time>
                </th>
                <td>{day.jobs.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
