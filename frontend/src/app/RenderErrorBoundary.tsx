/**
 * Catches an error thrown while rendering a page and shows the render-error page
 * ('Unexpected Application Error') inside the layout, so the navigation and footer still work.
 * Reset by re-mounting with a new `key` (the layout keys it by path, so navigating away recovers).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './layout.module.css';

export class RenderErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className={styles.renderError} role="alert">
        <h1>Unexpected Application Error</h1>
        <p>Something went wrong while showing this page. Reloading usually helps; if it keeps happening, the page may be broken on our side.</p>
        <p className={styles.renderErrorActions}>
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <Link to="/">Go back home</Link>
        </p>
      </section>
    );
  }
}
