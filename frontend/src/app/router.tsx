/**
 * The browser's router: react-router 7's data router over the one route table (./routes.tsx),
 * started from the data the server render embedded in the page (`hydrationData`, read by
 * createBrowserRouter from `window.__staticRouterHydrationData`).
 *
 * `createAppRouter()` first loads the code of the lazy routes the current URL matches, so the
 * first render in the browser is the very markup the server sent (hydration without a flash).
 */
import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

export async function createAppRouter(): Promise<ReturnType<typeof createBrowserRouter>> {
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
