/**
 * Sets the page's <title>, <meta name="description"> and, when given, <link rel="canonical">
 * while a page is shown (index.html holds the defaults).
 *
 *   useDocumentMeta('Cohere jobs | Latent Jobs', 'Open roles at Cohere…', { canonical: '/company/Cohere' });
 *
 * `canonical` is a site path ('/jobs/engineering') or an absolute URL; a path is made absolute
 * with the page's origin. Pages without one leave no canonical link behind (it is removed when
 * the page unmounts or stops passing it).
 */
import { useEffect } from 'react';

export interface DocumentMetaOptions {
  /** Site path or absolute URL of the page's canonical address. */
  canonical?: string;
}

/** The absolute URL of `pathOrUrl` against `origin` (e.g. window.location.origin). */
export const absoluteUrl = (pathOrUrl: string, origin: string): string => new URL(pathOrUrl, origin).href;

export function useDocumentMeta(title: string, description: string, options: DocumentMetaOptions = {}): void {
  const { canonical } = options;
  useEffect(() => {
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);

  useEffect(() => {
    if (!canonical) return undefined;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = absoluteUrl(canonical, window.location.origin);
    document.querySelectorAll('link[rel="canonical"]').forEach((old) => old.remove());
    document.head.append(link);
    return () => link.remove();
  }, [canonical]);
}
