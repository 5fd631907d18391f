/**
 * The site's routes (react-router 7, library mode). The home page is in the initial bundle;
 * every other route is lazy-loaded so `/` stays within its JavaScript budget (110 KB gzipped).
 * Issue 3's routes (/remote_jobs, /engineering_jobs, /companies, /company/:name,
 * /jobs/:company/:slug, /about, /blog, ...) slot in as more lazy children of the layout.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { HomePage } from '../features/jobs/HomePage';
import { Spinner } from '../ui/Spinner';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    // Shown while a lazy route's code loads on the first visit (e.g. a deep link to /about).
    hydrateFallbackElement: <Spinner label="Loading page" />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/not-found/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
