/**
 * The footer on every page: Search by Departments (from GET /api/departments, blank names
 * skipped; the group is simply left out if the API fails), Search by Category, Search by Skills,
 * Search by Location, AI Directories, social links and the copyright line.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { listDepartments } from '../api/departments';
import { AnalyticsChoiceButton } from '../analytics/ConsentBanner';
import { AI_DIRECTORY_LINKS, CATEGORY_LINKS, LOCATION_LINKS, SKILL_LINKS, SOCIAL_LINKS, departmentHref, type FooterLink } from './footerLinks';
import styles from './Footer.module.css';

function useDepartmentLinks(): FooterLink[] {
  const [links, setLinks] = useState<FooterLink[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    listDepartments(controller.signal).then(
      ({ items }) => setLinks(items.map((name) => name.trim()).filter(Boolean).map((name) => ({ label: name, href: departmentHref(name) }))),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('GET /api/departments failed', error);
      },
    );
    return () => controller.abort();
  }, []);
  return links;
}

function LinkGroup({ heading, links }: { heading: string; links: FooterLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav className={styles.group} aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      <ul className={styles.list}>
        {links.map(({ label, href }) => (
          <li key={href}>
            {href.startsWith('https://') ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            ) : (
              <Link to={href}>{label}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const departments = useDepartmentLinks();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Link to="/" className={styles.brand}>
            <span className={styles.mark} aria-hidden="true">
              LJ
            </span>
            Latent Jobs
          </Link>
          <p>AI and tech jobs read straight from the employers' own hiring systems, including the ones the big boards miss.</p>
          <ul className={styles.social} aria-label="Latent Jobs on social media">
            {SOCIAL_LINKS.map(({ label, href }) => (
              <li key={href}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.groups}>
          <LinkGroup heading="Search by Departments" links={departments} />
          <LinkGroup heading="Search by Category" links={CATEGORY_LINKS} />
          <LinkGroup heading="Search by Skills" links={SKILL_LINKS} />
          <LinkGroup heading="Search by Location" links={LOCATION_LINKS} />
          <LinkGroup heading="AI Directories" links={AI_DIRECTORY_LINKS} />
        </div>
      </div>
      <div className={styles.bottom}>
        <p>© {new Date().getFullYear()} Latent Jobs. All rights reserved.</p>
        <AnalyticsChoiceButton className={styles.choice} />
      </div>
    </footer>
  );
}
