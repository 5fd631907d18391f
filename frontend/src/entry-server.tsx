/**
 * The server render: the same route table, loaders and components as the browser, rendered to
 * HTML with React 19's `renderToString` through react-router's static data router, so the first
 * answer of every page is the page itself (content, head tags, JSON-LD) and the browser hydrates
 * it (main.tsx) without loading its data again.
 *
 *   const render = createPageRenderer({ template, manifest, apiOrigin: 'http://127.0.0.1:3000' });
 *   const page = await render(new Request('https://site.example/jobs/Cohere/ml-engineer-443368a3'));
 *   // → { status: 200, headers: { 'content-type', 'cache-control' }, body: '<!doctype html>…' }
 *
 * - Loaders reach the API over HTTP at `apiOrigin` (api/http.ts), exactly as in the browser: one
 *   data path, no second copy of a query, and the render needs no storage or search index of its own.
 * - Status: 200; 404 for an unknown path or company or article, 410 for a job that no longer
 *   exists; 503 when the API failed or could not be reached; a loader's redirect as 3xx.
 * - Head: title, description, canonical, robots, Open Graph and Twitter tags (head/headTags.ts)
 *   replace index.html's defaults; the matched pages' script chunks (from Vite's manifest) join
 *   the modules the page loads after its first paint (app/hydration-loader.ts), so it hydrates
 *   without a second round of requests, and their stylesheets, like index.html's own, are
 *   inlined as <style> when `styles` has their text (lambdas/render/inline-assets.ts: the CSP
 *   allows each by its hash), else linked: the page is styled at first paint without waiting for
 *   a CSS request.
 * - Cache: pages the edge may keep get `s-maxage` (5 minutes) with `stale-while-revalidate`
 *   (10 minutes): a crawl's change shows within minutes without invalidation calls; failures
 *   are `no-store`.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { setApiOrigin } from './api/http';
import { routes, type PageHandle } from './app/routes';
import { withHydrationModules } from './app/hydration-loader';
import { headHtml, headTags, type DocumentMeta } from './head/headTags';
import { HeadContext } from './head/useDocumentMeta';

/** Vite's build manifest (`.vite/manifest.json`): source module → its chunk, CSS and imports. */
export type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

export interface PageRendererOptions {
  /** frontend/dist/index.html as the client build wrote it. */
  template: string;
  manifest: ViteManifest;
  /** Origin the loaders call `/api` on, e.g. 'http://127.0.0.1:3000' or the site's public URL. */
  apiOrigin: string;
  /** Stylesheet text by href ('/assets/x.css') to inline; a stylesheet not here is linked. */
  styles?: Record<string, string>;
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How long the edge keeps a page, and how long after that it may serve it while refreshing. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';

const DEFAULT_META: DocumentMeta = {
  title: 'Latent Jobs: AI and tech jobs straight from the employers',
  description: 'Find AI and tech jobs at the companies building AI, read from their own hiring systems.',
};

/** The chunk files (script, CSS) a module needs, following its static imports. */
function chunksOf(manifest: ViteManifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const entry = manifest[key];
  if (entry === undefined || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const found = { js: [entry.file], css: [...(entry.css ?? [])] };
  for (const imported of entry.imports ?? []) {
    const more = chunksOf(manifest, imported, seen);
    found.js.push(...more.js);
    found.css.push(...more.css);
  }
  return found;
}

/** The id of the JSON block holding the loaders' data for the browser (app/router.tsx reads it). */
export const ROUTER_DATA_ID = 'router-data';

/**
 * The loaders' data and errors as react-router's hydration expects them (its own format for
 * `window.__staticRouterHydrationData`), as a JSON data block: a Content-Security-Policy without
 * 'unsafe-inline' blocks the inline script StaticRouterProvider would write, not a data block.
 * Every "<" is escaped so no string can close the element.
 */
function routerDataBlock(context: StaticHandlerContext): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error) ? { ...error, __type: 'RouteErrorResponse' } : { message: error instanceof Error ? error.message : String(error), __type: 'Error' },
        ]),
      )
    : null;
  const json = JSON.stringify({ loaderData: context.loaderData, actionData: context.actionData, errors }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ROUTER_DATA_ID}">${json}</script>`;
}

/** index.html with its default title and description taken out, so the page's own tags go in. */
const withoutDefaultHead = (template: string): string =>
  template.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?>\s*/, '');

/** A stylesheet as a <style> element when its text is known, else as a link. */
const stylesheet = (href: string, styles: Record<string, string>): string => {
  const text = styles[href];
  return text === undefined ? `<link rel="stylesheet" href="${href}">` : `<style>${text}</style>`;
};

/** index.html's own stylesheet links, each as `stylesheet` writes it. */
const withInlineStyles = (template: string, styles: Record<string, string>): string =>
  template.replace(/<link rel="stylesheet"[^>]*?href="([^"]+)"[^>]*>/g, (_link, href: string) => stylesheet(href, styles));

export function createPageRenderer(options: PageRendererOptions): (request: Request) => Promise<RenderedPage> {
  setApiOrigin(options.apiOrigin);
  const handler = createStaticHandler(routes);
  const styles = options.styles ?? {};
  const template = withInlineStyles(withoutDefaultHead(options.template), styles);
  const entries = Object.keys(options.manifest).filter((key) => options.manifest[key]?.isEntry).map((key) => chunksOf(options.manifest, key));
  const entryChunks = new Set(entries.flatMap((chunks) => chunks.js));
  const entryCss = new Set(entries.flatMap((chunks) => chunks.css));
  const origin = (request: Request): string => new URL(request.url).origin;

  return async (request): Promise<RenderedPage> => {
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { status: context.status, headers: { location: context.headers.get('location') ?? '/', 'cache-control': 'no-store' }, body: '' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    let meta = DEFAULT_META;
    const html = renderToString(
      <HeadContext.Provider value={(reported) => (meta = reported)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </HeadContext.Provider>,
    );

    const status = context.statusCode < 200 ? 503 : context.statusCode;
    const js = new Set<string>();
    const css = new Set<string>();
    for (const match of context.matches) {
      const handle = match.route.handle as PageHandle | undefined;
      if (handle?.module === undefined) continue;
      const chunks = chunksOf(options.manifest, handle.module);
      chunks.js.filter((file) => !entryChunks.has(file)).forEach((file) => js.add(file));
      chunks.css.filter((file) => !entryCss.has(file)).forEach((file) => css.add(file));
    }
    const routeStyles = [...css].map((file) => stylesheet(`/${file}`, styles)).join('');
    const head = headHtml(headTags(meta, origin(request)));
    const body = withHydrationModules(template, [...js].map((file) => `/${file}`))
      .replace('</head>', `${head}${routeStyles}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>${routerDataBlock(context)}`);
    const cacheable = status < 500;
    return {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheable ? PAGE_CACHE_CONTROL : 'no-store' },
      body,
    };
  };
}
