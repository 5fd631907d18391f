/**
 * The small HTML pages the email links open (served by lambdas/functions/email.ts through
 * /api, so they work without the SPA): the unsubscribe page with its one button, the result
 * pages, and the error page. Every value is HTML-escaped; no script and no inline style (the
 * site's Content-Security-Policy allows neither); `Referrer-Policy: no-referrer` so the token in
 * the URL never leaks to another site; never cached, never indexed.
 */
import type { HttpResult } from '../http/responses';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
} as const;

/** A whole page: `title` and `bodyHtml` (already escaped by the caller where it holds values). */
export const htmlPage = (statusCode: number, title: string, bodyHtml: string): HttpResult => ({
  statusCode,
  headers: { ...PAGE_HEADERS },
  body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Latent Jobs</title>
</head>
<body>
<main>
<p><a href="/">Latent Jobs</a></p>
<h1>${escapeHtml(title)}</h1>
${bodyHtml}
</main>
</body>
</html>
`,
});

/** GET /unsubscribe: asks, with one button that POSTs to the same URL (the token stays in the query). */
export const unsubscribePage = (email: string, listName: string, alreadyUnsubscribed: boolean): HttpResult =>
  alreadyUnsubscribed
    ? htmlPage(200, 'You are unsubscribed', `<p>${escapeHtml(email)} no longer receives the ${escapeHtml(listName)}.</p>`)
    : htmlPage(
        200,
        'Unsubscribe?',
        `<p>Stop sending the ${escapeHtml(listName)} to ${escapeHtml(email)}?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p>Nothing changes until you press the button.</p>`,
      );

/** POST /unsubscribe: done (also when it already was). */
export const unsubscribedPage = (email: string, listName: string): HttpResult =>
  htmlPage(200, 'You are unsubscribed', `<p>${escapeHtml(email)} will no longer receive the ${escapeHtml(listName)}. Changed your mind? Sign up again on <a href="/">Latent Jobs</a>.</p>`);

/** A refused link or request: the message, and the way home. */
export const errorPage = (statusCode: number, message: string): HttpResult =>
  htmlPage(statusCode, 'This link does not work', `<p>${escapeHtml(message.replace(/^token: /, ''))}</p><p><a href="/">Back to Latent Jobs</a></p>`);
