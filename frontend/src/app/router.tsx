/**
 * The site's routes (react-router 7, library mode). The home page is in the initial bundle;
 * every other route is lazy-loaded so `/` stays within its JavaScript budget (110 KB gzipped).
 * Issue 3's routes (/remote_jobs, /engineering_jobs, /companies, /company/:name,
 * /jobs/:company/:slug, /about, /blog, ...) slot in as more lazy children of the layout.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { HomePage } from '../features/jobs/HomePage';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
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
