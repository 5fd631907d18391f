/**
 * One article (`/blog/{slug}`): a back link to the blog, the headline, the day it was updated, the
 * image and the body. The body is HTML the server already sanitised (shared/html/sanitize.ts
 * allowlist), so it is set as is. The article comes from the route's `loader` (server-rendered
 * on first load): an unknown slug is the 404 page, a failed load the error box.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getArticle, type Article } from '../../api/blog';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { ArticleImage } from './ArticleCard';
import { formatArticleDate } from './articleTime';
import styles from './blog.module.css';

function BackLink() {
  return (
    <Link to="/blog" className={styles.back}>
      <span aria-hidden="true">←</span> Back to all articles
    </Link>
  );
}

/** The article named by the path's slug. */
export const loader = ({ params, request }: LoaderFunctionArgs): Promise<Article> => routeData(getArticle(params.slug ?? '', request.signal));

export function ArticlePage() {
  const data = useLoaderData<Article>();
  useDocumentMeta(`${data.headline} | Latent Jobs Blog`, data.description || 'Practical guides for AI and tech job seekers from Latent Jobs.', {
    canonical: `/blog/${data.slug}`,
    type: 'article',
  });

  return (
    <article className={styles.articleShell}>
      <BackLink />
      <header className={styles.articleHeader}>
        <h1 className={styles.articleTitle}>{data.headline}</h1>
        <p className={styles.articleLede}>{data.description}</p>
        <p className={styles.time}>
          Updated <time dateTime={data.updated_at}>{formatArticleDate(data.updated_at)}</time>
        </p>
      </header>
      {data.image && <ArticleImage article={data} className={styles.articleImage} />}
      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: data.html }} />
      <footer className={styles.articleFooter}>
        <BackLink />
        <Link to="/" className={styles.cta}>
          Browse AI jobs
        </Link>
      </footer>
    </article>
  );
}
