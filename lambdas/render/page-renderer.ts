/**
 * The server render on this machine: `loadPageRenderer(apiOrigin)` imports the server build of
 * the site (frontend/dist/server/entry-server.js, made by ensureSpaBuilt) with the client
 * build's index.html and Vite manifest, and returns `(request: Request) => Promise<RenderedPage>`
 * (frontend/src/entry-server.tsx), the same function the render Lambda runs on AWS.
 * Loaders call the API at `apiOrigin` (this server's own address).
 *
 * Throws when the build is missing (run `npm run build:web`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createPageRenderer, RenderedPage, ViteManifest } from '../../frontend/src/entry-server';
import { SPA_DIST_DIR } from './spa-build';

export type PageRenderer = (request: Request) => Promise<RenderedPage>;

/** Where the server build of the site lands (vite.config.ts, SSR build). */
export const SERVER_ENTRY_FILE = path.join(SPA_DIST_DIR, 'server', 'entry-server.js');

export async function loadPageRenderer(apiOrigin: string, distDir: string = SPA_DIST_DIR): Promise<PageRenderer> {
  const [template, manifest, entry] = await Promise.all([
    readFile(path.join(distDir, 'index.html'), 'utf8'),
    readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    import(pathToFileURL(path.join(distDir, 'server', 'entry-server.js')).href) as Promise<{ createPageRenderer: typeof createPageRenderer }>,
  ]);
  return entry.createPageRenderer({ template, manifest: JSON.parse(manifest) as ViteManifest, apiOrigin });
}
