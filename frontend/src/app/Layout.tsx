/**
 * The frame around every page: skip link, navigation bar, the routed page in <main> (a spinner
 * while the next page's code and data load; errors are shown by the route table's error
 * boundary, inside this frame), the footer and, when analytics is configured and undecided, the
 * consent banner. Reports a page view and scrolls to the top on each new path.
 */
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ConsentBanner } from '../analytics/ConsentBanner';
import { track } from '../analytics/track';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageLoading } from './PageLoading';
import styles from './layout.module.css';

export function Layout() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  // Another page on its way: a spinner instead of the old page (same-page changes, such as a
  // job list's next page, keep the page, which shows its own progress).
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  // Marks the page interactive once React has hydrated it (effects run after the first commit):
  // before that, a server-rendered control ignores clicks, and browser tests wait for this.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
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
        {leaving ? <PageLoading /> : <Outlet />}
      </main>
      <Footer />
      <ConsentBanner />
    </div>
  );
}
