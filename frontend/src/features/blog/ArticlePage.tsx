/**
 * One article (`/blog/{slug}`): a back link to the blog, the headline, the updated time, the
 * image and the body. The body is HTML the server already sanitised (shared/html/sanitize.ts
 * allowlist), so it is set as is. 'Article not found' for an unknown slug, 'Error Fetching
 * Data' when the blog API fails.
 */
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/http';
import { getArticle } from '../../api/blog';
import { useDocumentMeta } from '../../app/useDocumentMeta';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { ArticleImage } from './ArticleCard';
import { formatArticleTime } from './articleTime';
import { useRemote } from './useRemote';
import styles from './blog.module.css';

function BackLink() {
  return (
    <Link to="/blog" className={styles.back}>
      <span aria-hidden="true">←</span> Back to all articles
    </Link>
  );
}

export function ArticlePage() {
  const { slug = '' } = useParams();
  const remote = useRemote(slug, (signal) => getArticle(slug, signal));
  const article = remote.status === 'loaded' ? remote.data : null;
  useDocumentMeta(
    article ? `${article.headline} | Latent Jobs Blog` : 'Blog | Latent Jobs',
    article?.description || 'Practical guides for AI and tech job seekers from Latent Jobs.',
    { canonical: `/blog/${slug}` },
  );

  if (remote.status === 'loading') return <Spinner label="Loading article" />;
  if (remote.status === 'error') {
    const missing = remote.error instanceof ApiError && remote.error.status === 404;
    return (
      <div className={styles.articleShell}>
        <BackLink />
        {missing ? (
          <section className={styles.empty}>
            <h1 className={styles.notFoundTitle}>Article not found</h1>
            <p>This article may have moved or been retired.</p>
          </section>
        ) : (
          <ErrorBox message="Error Fetching Data" />
        )}
      </div>
    );
  }

  const { data } = remote;
  return (
    <article className={styles.articleShell}>
      <BackLink />
      <header className={styles.articleHeader}>
        <h1 className={styles.articleTitle}>{data.headline}</h1>
        <p className={styles.articleLede}>{data.description}</p>
        <p className={styles.time}>
          Updated <time dateTime={data.updated_at}>{formatArticleTime(data.updated_at)}</time>
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
