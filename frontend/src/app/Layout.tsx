/**
 * The frame around every page: skip link, navigation bar, the routed page in <main> (a spinner
 * while its code loads, the render-error page if it throws), the footer and, when analytics is
 * configured and undecided, the consent banner. Reports a page view and scrolls to the top on
 * each new path.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConsentBanner } from '../features/analytics/ConsentBanner';
import { track } from '../features/analytics/track';
import { Spinner } from '../ui/Spinner';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { RenderErrorBoundary } from './RenderErrorBoundary';
import styles from './layout.module.css';

export function Layout() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    track({ name: 'pageview', path: pathname + search });
  }, [pathname, search]);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className={styles.main}>
        <RenderErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner label="Loading page" />}>
            <Outlet />
          </Suspense>
        </RenderErrorBoundary>
      </main>
      <Footer />
      <ConsentBanner />
    </div>
  );
}
