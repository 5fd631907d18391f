/**
 * One article in the blog list: the image (or a drawn fallback), the headline, the meta
 * description, the updated time ('hh:mm a | MMMM DD, YYYY') and Read More. `index` staggers its
 * entrance animation by 0.1 s per card, up to 0.5 s (none when the visitor prefers reduced motion).
 */
import { Link } from 'react-router';
import type { ArticleSummary } from '../../api/blog';
import { formatArticleDate } from './articleTime';
import styles from './blog.module.css';

export function ArticleImage({ article, className }: { article: Pick<ArticleSummary, 'image' | 'headline'>; className?: string }) {
  if (article.image) {
    return <img className={className} src={article.image.url} alt={article.image.alt} loading="lazy" decoding="async" width={1200} height={630} />;
  }
  return (
    <div className={`${className ?? ''} ${styles.fallback ?? ''}`} aria-hidden="true">
      <span className={styles.fallbackMark}>LJ</span>
    </div>
  );
}

/** The last entrance-delay class in blog.module.css (`stagger1`…`stagger5`). */
const STAGGER_STEPS = 5;

export function ArticleCard({ article, index }: { article: ArticleSummary; index: number }) {
  const href = `/blog/${article.slug}`;
  return (
    <article className={`${styles.card} ${styles[`stagger${Math.min(index, STAGGER_STEPS)}`] ?? ''}`}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.cardMedia}>
        <ArticleImage article={article} className={styles.cardImage} />
      </Link>
      <div className={styles.cardBody}>
        <time className={styles.time} dateTime={article.updated_at}>
          {formatArticleDate(article.updated_at)}
        </time>
        <h2 className={styles.cardTitle}>
          <Link to={href}>{article.headline}</Link>
        </h2>
        <p className={styles.cardText}>{article.description}</p>
        <Link to={href} className={styles.readMore} aria-label={`Read More: ${article.headline}`}>
          Read More <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
