/**
 * The frame around every page: a header with the brand and a navigation placeholder, the
 * routed page in <main>, and a footer placeholder. Issue 3 fills the navigation bar
 * (Remote Jobs, Engineering Jobs, Top Companies, About, Blog, Login) and the footer's link groups.
 */
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Spinner } from '../ui/Spinner';
import styles from './layout.module.css';

export function Layout() {
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.brand} aria-label="Latent Jobs home">
            <span className={styles.mark} aria-hidden="true">
              LJ
            </span>
            Latent Jobs
          </Link>
          <nav aria-label="Main" className={styles.nav} />
        </div>
      </header>
      <main id="main" className={styles.main}>
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p>© {new Date().getFullYear()} Latent Jobs. AI and tech jobs read from the employers' own hiring systems.</p>
        </div>
      </footer>
    </div>
  );
}
