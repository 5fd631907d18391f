import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { deferHydrationScripts } from './src/app/hydration-loader';

/** The server render's entry (react-router's static handler over the one route table). */
export const SERVER_ENTRY = 'src/entry-server.tsx';

/**
 * The built index.html loads its modules after the first paint (src/app/hydration-loader.ts),
 * rewritten after Vite has written its script and preload tags.
 */
const hydrationScriptsLast = (): Plugin => ({
  name: 'latent-jobs:hydration-after-paint',
  apply: 'build',
  transformIndexHtml: { order: 'post', handler: (html) => deferHydrationScripts(html) },
});

/**
 * The libraries every page runs (React, React DOM, react-router), in one chunk of the client
 * build apart from the app's own code: cached across deploys that change only the app, and named
 * so that bench:page-weight can tell the app's unused script from theirs. One chunk, not one per
 * library: each more file costs `/` about 0.4 KB gzipped of its 126 KB budget.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
];

/**
 * Vite build of the site. Root is frontend/.
 * - Client build (`npm run build:web`, first step): the SPA into frontend/dist, with
 *   `.vite/manifest.json` so the server render can name each page's script chunks and
 *   stylesheets. CSS is split by chunk, and the server render inlines into each page the
 *   stylesheets of the entry and of that page's route only (lambdas/render/inline-assets.ts): no
 *   page waits for a CSS request, and none carries the CSS of every other page (issue 19.5: the
 *   one stylesheet was 53 KB of every page's HTML). The CSP allows each by its hash. CSS modules'
 *   class names are short hashes in builds (`_titleLink_bfodg_50` → `_k3Xq9a`): they repeat on
 *   every card of a list. index.html loads its modules after the first paint (src/app/hydration-loader.ts).
 *   zod's builders (`z.object(...)` and the chains on them) count as pure, so a schema the browser
 *   never reads is dropped, and zod with it, when a module the SPA imports also declares one
 *   (shared/pay/pay-histogram.ts beside `jobsAtLeast`): about 19 KB gzipped off the home page.
 * - Server build (`--ssr src/entry-server.tsx`, second step): the render function into
 *   frontend/dist/server (React, react-dom and react-router stay external, from node_modules).
 * The local start (infra/local) and the web stack (infra/aws) serve both.
 * `npx vite --config frontend/vite.config.ts` serves the SPA in development (rendered in the
 * browser only) and forwards `/api` to the local product on port 3000 (`npm start`).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), hydrationScriptsLast()],
  // The same names in the client and the server build: both hash the module's path and the class.
  css: command === 'build' ? { modules: { generateScopedName: '_[hash:base64:6]' } } : {},
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          treeshake: { manualPureFunctions: ['z'] },
          output: { codeSplitting: { groups: VENDOR_CHUNKS } },
        },
      },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
