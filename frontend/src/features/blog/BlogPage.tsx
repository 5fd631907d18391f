/**
 * The blog (`/blog`): 'Recent Articles', a search box that filters the loaded articles by
 * headline and meta description as you type (case-insensitive, in the browser), the cards,
 * 'No match found'. The articles come from the route's `loader`; when the blog API fails the
 * page is the error box (the rest of the site keeps working: only the blog depends on the
 * content service).
 */
import { useId, useState } from 'react';
import { filterArticles } from '../../../../shared/content/filter-articles';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { listArticles, type ArticleList } from '../../api/blog';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { ArticleCard } from './ArticleCard';
import styles from './blog.module.css';

const TITLE = 'Blog: guides for AI job seekers | Latent Jobs';
const DESCRIPTION =
  'Practical guides for AI and tech job seekers: reading AI job postings, building a portfolio, preparing for ML interviews, understanding compensation and finding roles early.';

/** Every article's summary. */
export const loader = ({ request }: LoaderFunctionArgs): Promise<ArticleList> => routeData(listArticles(request.signal));

export function BlogPage() {
  useDocumentMeta(TITLE, DESCRIPTION, { canonical: '/blog' });
  const [query, setQuery] = useState('');
  const searchId = useId();
  const { articles } = useLoaderData<ArticleList>();
  const shown = filterArticles(articles, query);

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

      {shown.length === 0 ? (
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
      )}
    </>
  );
}
