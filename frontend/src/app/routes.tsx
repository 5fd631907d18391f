/**
 * THE list of the site's pages: one entry per path, every page but the home page lazy-loaded
 * (its own chunk) so `/` stays within its JavaScript budget (110 KB gzipped).
 *
 * To add a page, append ONE entry to `pageRoutes`:
 *   { path: '/about', Page: lazyPage(() => import('../features/about/AboutPage'), 'AboutPage') },
 * Paths use react-router 7 syntax (`:param`, trailing `*`); more specific paths win regardless of
 * order. The layout (navigation bar, footer, loading spinner, render-error page) wraps them all;
 * any other path shows the 404 page.
 */
import type { ComponentType } from 'react';
import { HomePage } from '../features/jobs/HomePage';
import { lazyPage } from './lazyPage';

export interface PageRoute {
  /** e.g. '/remote_jobs', '/company/:name', '/jobs/:company/:slug'. */
  path: string;
  Page: ComponentType;
}

export const pageRoutes: PageRoute[] = [
  // Jobs lists (features/jobs, remote-jobs, engineering-jobs).
  { path: '/', Page: HomePage },
  { path: '/remote_jobs', Page: lazyPage(() => import('../features/remote-jobs/RemoteJobsPage'), 'RemoteJobsPage') },
  { path: '/engineering_jobs', Page: lazyPage(() => import('../features/engineering-jobs/EngineeringJobsPage'), 'EngineeringJobsPage') },
  { path: '/jobs/engineering', Page: lazyPage(() => import('../features/engineering-jobs/EngineeringJobsPage'), 'EngineeringJobsPage') },

  // Status pages (features/status-pages): sign-in placeholder, payment return pages.
  { path: '/login', Page: lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage') },
  { path: '/success', Page: lazyPage(() => import('../features/status-pages/SuccessPage'), 'SuccessPage') },
  { path: '/cancel', Page: lazyPage(() => import('../features/status-pages/CancelPage'), 'CancelPage') },
  { path: '/newsletter/confirmed', Page: lazyPage(() => import('../features/status-pages/NewsletterConfirmedPage'), 'NewsletterConfirmedPage') },

  // Account (features/auth, features/dashboard): signed-in pages load aws-amplify lazily.
  { path: '/dashboard', Page: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },

  // Companies and job pages (features/companies, features/job-page): add here.
  { path: '/companies', Page: lazyPage(() => import('../features/companies/CompaniesPage'), 'CompaniesPage') },
  { path: '/company', Page: lazyPage(() => import('../features/companies/CompaniesPage'), 'CompaniesPage') },
  { path: '/company/:name', Page: lazyPage(() => import('../features/companies/CompanyPage'), 'CompanyPage') },
  { path: '/jobs/:company/:slug', Page: lazyPage(() => import('../features/job-page/JobPage'), 'JobPage') },
  { path: '/jobs/api', Page: lazyPage(() => import('../features/jobs-api/JobsApiPage'), 'JobsApiPage') },

  // About and blog (features/about, features/blog): add here.
  { path: '/about', Page: lazyPage(() => import('../features/about/AboutPage'), 'AboutPage') },
  { path: '/blog', Page: lazyPage(() => import('../features/blog/BlogPage'), 'BlogPage') },
  { path: '/blog/:slug', Page: lazyPage(() => import('../features/blog/ArticlePage'), 'ArticlePage') },
];

/** Shown for any path no entry matches. */
export const NotFoundRoute = lazyPage(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage');
