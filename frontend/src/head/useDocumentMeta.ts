/**
 * Sets the page's head tags (title, description, canonical link, robots, Open Graph and Twitter
 * tags; see ./headTags.ts) while a page is shown:
 *
 *   useDocumentMeta('Cohere jobs | Latent Jobs', 'Open roles at Cohere…', { canonical: '/company/Cohere' });
 *
 * In the browser it replaces the tags in <head> after each render that changes them. On the
 * server (entry-server.tsx) nothing runs after render, so the page reports its meta through
 * `HeadContext` while rendering and the server writes the tags into the initial HTML; the last
 * page component to report wins.
 */
import { createContext, useContext, useEffect } from 'react';
import { HEAD_MARKER, headTags, type DocumentMeta } from './headTags';

export type { DocumentMeta };

/** Options beyond title and description. */
export type DocumentMetaOptions = Omit<DocumentMeta, 'title' | 'description'>;

/** Given by the server render: receives each page's meta during render. Null in the browser. */
export const HeadContext = createContext<((meta: DocumentMeta) => void) | null>(null);

function applyHead(meta: DocumentMeta): void {
  document.title = meta.title;
  document.head.querySelectorAll(`[${HEAD_MARKER}], meta[name="description"], link[rel="canonical"], link[rel="alternate"]`).forEach((old) => {
    if (old.tagName !== 'TITLE') old.remove();
  });
  for (const { tag, attrs } of headTags(meta, window.location.origin)) {
    if (tag === 'title') continue;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.setAttribute(HEAD_MARKER, '');
    document.head.append(element);
  }
}

export function useDocumentMeta(title: string, description: string, options: DocumentMetaOptions = {}): void {
  const { canonical, noindex, type, alternates } = options;
  const report = useContext(HeadContext);
  report?.({ title, description, canonical, noindex, type, alternates });
  // Compared by value: a page builds its alternates afresh on every render.
  const alternatesKey = JSON.stringify(alternates ?? []);
  useEffect(() => {
    applyHead({ title, description, canonical, noindex, type, alternates: JSON.parse(alternatesKey) as DocumentMeta['alternates'] });
  }, [title, description, canonical, noindex, type, alternatesKey]);
}
