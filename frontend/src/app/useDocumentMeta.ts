/**
 * Sets the page's <title> and <meta name="description"> while a page is shown
 * (index.html holds the defaults; issue 3 adds the canonical link for job and company pages).
 */
import { useEffect } from 'react';

export function useDocumentMeta(title: string, description: string): void {
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
}
