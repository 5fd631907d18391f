/**
 * The error boundary of every page (inside the layout, so navigation and footer still work):
 * - 404 and 410 (unknown path, unknown job or company): the Page Not Found page; the server
 *   render answers with that status;
 * - a failed load (API down or unreachable, 5xx): the error box alone, with Retry (loads the
 *   page's data again);
 * - an error while rendering: 'Unexpected Application Error' with Retry (reloads the page).
 * Wording comes from ui/failure.ts.
 */
import { useEffect } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ErrorBox } from '../ui/ErrorBox';
import { failureKind } from '../ui/failure';
import styles from './layout.module.css';

export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const kind = failureKind(error);

  useEffect(() => {
    if (kind === 'unexpected') console.error('A page failed to render', error);
  }, [kind, error]);

  if (kind === 'not_found') return <NotFoundPage />;
  const retry = kind === 'unexpected' ? () => window.location.reload() : () => void revalidator.revalidate();
  return (
    <section className={styles.failed}>
      <ErrorBox error={error} onRetry={retry} page />
      <Link to="/">Go back home</Link>
    </section>
  );
}
