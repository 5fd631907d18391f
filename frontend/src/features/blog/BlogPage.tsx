/**
 * The blog (`/blog`): 'Recent Articles', a search box that filters the loaded articles by
 * headline and meta description as you type (case-insensitive, in the browser), the cards,
 * 'No match found', and 'Error Fetching Data' when the blog API fails (the rest of the site
 * keeps working: only this page depends on the content service).
 */
import { useId, useState } from 'react';
import { filterArticles } from '../../../../shared/content/filter-articles';
import { listArticles } from '../../api/blog';
import { useDocumentMeta } from '../../app/useDocumentMeta';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { ArticleCard } from './ArticleCard';
import { useRemote } from './useRemote';
import styles from './blog.module.css';

const TITLE = 'Blog: guides for AI job seekers | Latent Jobs';
const DESCRIPTION =
  'Practical guides for AI and tech job seekers: reading AI job postings, building a portfolio, preparing for ML interviews, understanding compensation and finding roles early.';

export function BlogPage() {
  useDocumentMeta(TITLE, DESCRIPTION);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const remote = useRemote('articles', listArticles);
  const shown = remote.status === 'loaded' ? filterArticles(remote.data.articles, query) : [];

  return (
    <>
      <section className={styles.hero} aria-labelledby="blog-title">
        <p className={styles.eyebrow}>Latent Jobs Blog</p>
        <h1 id="blog-title" className={styles.title}>
          Recent Articles
        </h1>
        <p className={styles.intro}>Straight talk on finding, winning and growing in AI jobs.</p>
        <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            Search articles
          </label>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M10.5 3a7.5 7.5 0 0 1 5.96 12.06l4.24 4.24-1.4 1.4-4.24-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
              fill="currentColor"
            />
          </svg>
          <input
            id={searchId}
            className={styles.searchInput}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search articles"
            autoComplete="off"
            maxLength={200}
          />
        </form>
      </section>

      {remote.status === 'loading' && <Spinner label="Loading articles" />}
      {remote.status === 'error' && <ErrorBox message="Error Fetching Data" />}
      {remote.status === 'loaded' &&
        (shown.length === 0 ? (
          <p className={styles.empty} role="status">
            No match found
          </p>
        ) : (
          <ul className={styles.grid} aria-label="Articles">
            {shown.map((article, index) => (
              <li key={article.slug}>
                <ArticleCard article={article} index={index} />
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
