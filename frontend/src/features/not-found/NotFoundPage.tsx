/**
 * The page for any path the site does not know (lazy-loaded).
 */
import { Link } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  useDocumentMeta('Page not found | Latent Jobs', "The page you're looking for doesn't exist.");
  return (
    <section className={styles.page}>
      <h1>Oops! The page you're looking for doesn't exist.</h1>
      <Link to="/">Go back home</Link>
    </section>
  );
}
