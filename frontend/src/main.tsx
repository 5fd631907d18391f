/**
 * SPA entry, imported after the first paint (app/hydration-loader.ts): hydrates the page the
 * server rendered (entry-server.tsx) into #root, or renders it when #root came empty (the Vite
 * dev server, a page the server could not render). Global styles load here once; each feature
 * brings its own CSS module.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void createAppRouter().then((router) => {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so a
  // long page (a company's 70 jobs) does not hold the main thread in one long task.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
