/**
 * The browser's router: react-router 7's data router over the one route table (./routes.tsx),
 * started from the data the server render embedded in the page (the JSON block #router-data,
 * handed to createBrowserRouter as `window.__staticRouterHydrationData`, which it reads).
 *
 * `createAppRouter()` first loads the code of the lazy routes the current URL matches, so the
 * first render in the browser is the very markup the server sent (hydration without a flash).
 */
import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

export async function createAppRouter(): Promise<ReturnType<typeof createBrowserRouter>> {
  const data = document.getElementById('router-data')?.textContent;
  if (data) window.__staticRouterHydrationData = JSON.parse(data);
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
