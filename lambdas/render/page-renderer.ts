/**
 * Loads the server render of the site: `loadPageRenderer(siteDir, apiOrigin)` imports the server
 * build (`<siteDir>/server/entry-server.js`, Vite's SSR build of frontend/src/entry-server.tsx)
 * with the client build's `index.html`, `.vite/manifest.json` and stylesheets (inlined into each
 * page, with the hydration loader: ./inline-assets.ts, whose hashes the CSP must carry), and returns
 * `(request: Request) => Promise<RenderedPage>` (status, headers, HTML), which also answers
 * /robots.txt and the sitemaps (./site-files.ts).
 *
 * One function for both places the pages are rendered: the local server (siteDir frontend/dist,
 * loaders calling its own /api) and the render Lambda behind CloudFront (siteDir copied beside
 * its bundle, loaders calling the site's /api through CloudFront).
 *
 * @throws when the build is missing (run `npm run build:web`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createPageRenderer, RenderedPage, ViteManifest } from '../../frontend/src/entry-server';
import { readInlineAssets } from './inline-assets';
import { createSiteFiles } from './site-files';

export type { RenderedPage };
export type PageRenderer = (request: Request) => Promise<RenderedPage>;

export async function loadPageRenderer(siteDir: string, apiOrigin: string): Promise<PageRenderer> {
  const [template, manifest, entry] = await Promise.all([
    readFile(path.join(siteDir, 'index.html'), 'utf8'),
    readFile(path.join(siteDir, '.vite', 'manifest.json'), 'utf8'),
    import(pathToFileURL(path.join(siteDir, 'server', 'entry-server.js')).href) as Promise<{ createPageRenderer: typeof createPageRenderer }>,
  ]);
  const render = entry.createPageRenderer({ template, manifest: JSON.parse(manifest) as ViteManifest, apiOrigin, styles: readInlineAssets(siteDir).styles });
  const siteFiles = createSiteFiles(apiOrigin);
  return async (request) => (await siteFiles(request)) ?? render(request);
}
