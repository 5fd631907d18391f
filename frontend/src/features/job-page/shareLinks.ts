/**
 * Plain share URLs for a job page (no third-party scripts): each network's own share endpoint
 * with the page URL (and, where it takes one, a text) in the query string.
 * e.g. shareLinks('https://latentjobs.com/jobs/Cohere/ml-engineer-1', 'ML Engineer at Cohere')[0]
 *   → { network: 'Facebook', url: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Flatentjobs.com%2Fjobs%2FCohere%2Fml-engineer-1' }
 */
export interface ShareLink {
  network: 'Facebook' | 'LinkedIn' | 'WhatsApp' | 'X';
  url: string;
}

const withQuery = (base: string, query: Record<string, string>): string => `${base}?${new URLSearchParams(query).toString()}`;

export function shareLinks(pageUrl: string, text: string): ShareLink[] {
  return [
    { network: 'Facebook', url: withQuery('https://www.facebook.com/sharer/sharer.php', { u: pageUrl }) },
    { network: 'LinkedIn', url: withQuery('https://www.linkedin.com/sharing/share-offsite/', { url: pageUrl }) },
    { network: 'WhatsApp', url: withQuery('https://wa.me/', { text: `${text} ${pageUrl}` }) },
    { network: 'X', url: withQuery('https://x.com/intent/tweet', { text, url: pageUrl }) },
  ];
}
