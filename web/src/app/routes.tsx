import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { GuestOnly, RequireAuth } from '@/features/auth/components/guards'
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
            // The dashboard registers its own routes, and only those of the logged-in account type.
            children: [{ path: '*', lazy: page(() => import('./routes/dashboard/layout')) }],
          },
          ...PLACEHOLDER_PAGES.map(({ path }) => ({ path, lazy: page(() => import('./routes/placeholder')) })),
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]
