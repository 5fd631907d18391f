/**
 * THE route table of the site, used by the browser (createBrowserRouter in main.tsx) and the
 * server render (createStaticHandler in entry-server.tsx) alike: one entry per path, inside the
 * layout and one error boundary (errors, 404 and 410 show inside the navigation and footer).
 *
 * Every page is lazy-loaded, the home page too (its own chunk, so each page's first load carries
 * that page's code only; issue 19.5): `page(path, 'feature/XPage')` (`page(INDEX, …)` for `/`)
 * loads `features/feature/XPage.tsx` and takes its `XPage` component and, when the module
 * exports them, its `loader` (the page's data, run before it renders, on the server for the
 * first page and in the browser after that) and `shouldRevalidate` (when a URL change needs no
 * new data).
 * To add a page, append ONE entry, e.g. `page(PUBLIC_PAGE_PATHS.about, 'about/AboutPage')`.
 * Paths use react-router 7 syntax (`:param`, trailing `*`); more specific paths win regardless
 * of order. Any other path answers 404 with the Page Not Found page.
 */
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { PageLoading } from './PageLoading';
import { ALIAS_PAGE_PATHS, PRIVATE_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '../../../shared/seo/page-paths';

interface PageModule {
  [name: string]: unknown;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
}

/** Every lazily loaded page module, by path relative to this file. */
const PAGE_MODULES = import.meta.glob<PageModule>(['../features/*/*Page.tsx', '!../features/not-found/NotFoundPage.tsx']);

/** What the server render needs to know about a lazy route: its module, as Vite's manifest names it. */
export interface PageHandle {
  /** e.g. 'src/features/job-page/JobPage.tsx'. */
  module: string;
}

/** `page(INDEX, …)`: the route of `/` (the index route of the layout). */
const INDEX = Symbol('index route');

/** The route of a lazily loaded page: `page('/jobs/:company/:slug', 'job-page/JobPage')`. */
function page(path: string | typeof INDEX, module: string): RouteObject {
  const load = PAGE_MODULES[`../features/${module}.tsx`];
  const name = module.split('/').pop() ?? module;
  if (load === undefined) throw new Error(`No page module features/${module}.tsx`);
  const handle: PageHandle = { module: `src/features/${module}.tsx` };
  return {
    ...(path === INDEX ? { index: true } : { path }),
    handle,
    lazy: async () => {
      const loaded = await load();
      const { loader, shouldRevalidate } = loaded;
      return { Component: loaded[name] as ComponentType, ...(loader ? { loader } : {}), ...(shouldRevalidate ? { shouldRevalidate } : {}) };
    },
  };
}

export const pageRoutes: RouteObject[] = [
  // Jobs lists (features/jobs).
  page(INDEX, 'jobs/HomePage'),
  page(PUBLIC_PAGE_PATHS.remoteJobs, 'jobs/RemoteJobsPage'),
  page(ALIAS_PAGE_PATHS.engineeringJobs, 'jobs/EngineeringJobsPage'),
  page(PUBLIC_PAGE_PATHS.engineeringJobs, 'jobs/EngineeringJobsPage'),

  // Status pages (features/status-pages): sign-in, payment return pages.
  page(PRIVATE_PAGE_PATHS.login, 'auth/LoginPage'),
  page(PRIVATE_PAGE_PATHS.success, 'status-pages/SuccessPage'),
  page(PRIVATE_PAGE_PATHS.cancel, 'status-pages/CancelPage'),
  page(PRIVATE_PAGE_PATHS.newsletterConfirmed, 'status-pages/NewsletterConfirmedPage'),

  // Account (features/dashboard): signed-in pages load aws-amplify lazily.
  page(PRIVATE_PAGE_PATHS.dashboard, 'dashboard/DashboardPage'),

  // Companies and job pages (features/companies, features/job-page).
  page(PUBLIC_PAGE_PATHS.companies, 'companies/CompaniesPage'),
  page(ALIAS_PAGE_PATHS.companies, 'companies/CompaniesPage'),
  page('/company/:name', 'companies/CompanyPage'),
  page('/jobs/:company/:slug', 'job-page/JobPage'),
  page(PUBLIC_PAGE_PATHS.jobsApi, 'jobs-api/JobsApiPage'),
  page(PUBLIC_PAGE_PATHS.apiDocs, 'api-docs/ApiDocsPage'),
  page(PUBLIC_PAGE_PATHS.coverage, 'coverage/CoveragePage'),

  // About and blog (features/about, features/blog).
  page(PUBLIC_PAGE_PATHS.about, 'about/AboutPage'),
  page(PUBLIC_PAGE_PATHS.blog, 'blog/BlogPage'),
  page('/blog/:slug', 'blog/ArticlePage'),

  // Any other path: 404, shown by the error boundary as the Page Not Found page.
  {
    path: '*',
    Component: NotFoundPage,
    loader: () => {
      throw data({ message: 'Not Found' }, { status: 404 });
    },
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Layout,
    HydrateFallback: PageLoading,
    children: [{ ErrorBoundary: RouteError, children: pageRoutes }],
  },
];
