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
 * Vite build of the site. Root is frontend/.
 * - Client build (`npm run build:web`, first step): the SPA into frontend/dist, with
 *   `.vite/manifest.json` so the server render can name each page's script chunks. All CSS goes
 *   into one stylesheet (about 10 KB compressed), which the server render inlines into every
 *   page (lambdas/render/inline-assets.ts): no page waits for a CSS request, and the CSP allows
 *   it by one hash. index.html loads its modules after the first paint (src/app/hydration-loader.ts).
 *   zod's builders (`z.object(...)` and the chains on them) count as pure, so a schema the browser
 *   never reads is dropped, and zod with it, when a module the SPA imports also declares one
 *   (shared/pay/pay-histogram.ts beside `jobsAtLeast`): about 19 KB gzipped off the home page.
 * - Server build (`--ssr src/entry-server.tsx`, second step): the render function into
 *   frontend/dist/server (React, react-dom and react-router stay external, from node_modules).
 * The local start (infra/local) and the web stack (infra/aws) serve both.
 * `npx vite --config frontend/vite.config.ts` serves the SPA in development (rendered in the
 * browser only) and forwards `/api` to the local product on port 3000 (`npm start`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), hydrationScriptsLast()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        cssCodeSplit: false,
        rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
      },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
