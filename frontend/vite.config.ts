import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vite build of the SPA. Root is frontend/; the build goes to frontend/dist, which the local
 * start (infra/local) and the web stack (infra/aws) serve. `npm run build:web` builds;
 * `npx vite --config frontend/vite.config.ts` serves it in development and forwards `/api`
 * to the local product on port 3000 (`npm start`).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
