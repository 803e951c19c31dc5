import type { ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { Spinner } from '@/components/ui/spinner'
import { AdminOnly, ApplicantOnly, GuestOnly, RecruiterOnly, RequireAuth } from '@/features/auth/components/guards'
import { prefetchJob } from '@/features/jobs/api/get-job'
import { PLACEHOLDER_PAGES } from './footer-links'
import { RootLayout } from './layouts/root-layout'
import ErrorPage from './routes/error'
import PageError from './routes/page-error'

/** Every screen is its own chunk, so a visitor downloads only the page they open. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default })

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: Spinner,
    children: [
      {
        // A screen's error (its code did not load, or it broke) shows inside the layout.
        ErrorBoundary: PageError,
        children: [
          { index: true, lazy: page(() => import('./routes/landing')) },
          { path: 'about', lazy: page(() => import('./routes/about')) },
          { path: 'jobs', lazy: page(() => import('./routes/jobs')) },
          {
            path: 'job/:jobId',
            // The job's data starts loading beside the page's code, not after it (the page's query takes it).
            loader: ({ params }) => {
              if (params.jobId) prefetchJob(params.jobId)
              return null
            },
            lazy: page(() => import('./routes/job')),
          },
          { path: 'category/:categoryName', lazy: page(() => import('./routes/category')) },
          { path: 'privacy-policy', lazy: page(() => import('./routes/privacy')) },
          { path: 'terms', lazy: page(() => import('./routes/terms')) },
          { path: 'contact', lazy: page(() => import('./routes/contact')) },
          { path: 'alerts/unsubscribe', lazy: page(() => import('./routes/unsubscribe')) },
          {
            Component: GuestOnly,
            children: [
              { path: 'login', lazy: page(() => import('./routes/login')) },
              { path: 'signup', lazy: page(() => import('./routes/signup')) },
              { path: 'verify-email', lazy: page(() => import('./routes/verify-email')) },
              { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password')) },
              { path: 'update-password/*', lazy: page(() => import('./routes/update-password')) },
            ],
          },
          {
            path: 'dashboard',
            Component: RequireAuth,
            children: [
              {
                lazy: page(() => import('./routes/dashboard/layout')),
                // Every account type's pages, then those of one type only: to another they do not exist (docs/product.md#dashboard).
                children: [
                  { index: true, element: <Navigate to="my-profile" replace /> },
                  { path: 'my-profile', lazy: page(() => import('./routes/dashboard/my-profile')) },
                  // Matching is case-insensitive, so this is also dashboard/Settings.
                  { path: 'settings', lazy: page(() => import('./routes/dashboard/settings')) },
                  {
                    Component: RecruiterOnly,
                    children: [
                      { path: 'my-jobs', lazy: page(() => import('./routes/dashboard/my-jobs')) },
                      { path: 'add-job', lazy: page(() => import('./routes/dashboard/add-job')) },
                      { path: 'edit-job/:jobId', lazy: page(() => import('./routes/dashboard/edit-job')) },
                      { path: 'applications', lazy: page(() => import('./routes/dashboard/applications')) },
                      { path: 'job/applications/:jobId', lazy: page(() => import('./routes/dashboard/job-applications')) },
                    ],
                  },
                  {
                    Component: ApplicantOnly,
                    children: [
                      { path: 'jobs-for-you', lazy: page(() => import('./routes/dashboard/jobs-for-you')) },
                      { path: 'my-applications', lazy: page(() => import('./routes/dashboard/my-applications')) },
                      { path: 'saved-jobs', lazy: page(() => import('./routes/dashboard/saved-jobs')) },
                      { path: 'saved-searches', lazy: page(() => import('./routes/dashboard/saved-searches')) },
                    ],
                  },
                  {
                    Component: AdminOnly,
                    children: [
                      { path: 'admin', lazy: page(() => import('./routes/dashboard/admin-overview')) },
                      { path: 'admin/categories', lazy: page(() => import('./routes/dashboard/admin-categories')) },
                      { path: 'admin/jobs', lazy: page(() => import('./routes/dashboard/admin-jobs')) },
                      { path: 'admin/accounts', lazy: page(() => import('./routes/dashboard/admin-accounts')) },
                      { path: 'admin/audit', lazy: page(() => import('./routes/dashboard/admin-audit')) },
                    ],
                  },
                  { path: '*', Component: NotFound },
                ],
              },
            ],
          },
          ...PLACEHOLDER_PAGES.map(({ path }) => ({ path, lazy: page(() => import('./routes/placeholder')) })),
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]
