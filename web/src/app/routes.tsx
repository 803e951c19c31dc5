import { Navigate, type RouteObject } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { Spinner } from '@/components/ui/spinner'
import { AdminOnly, ApplicantOnly, GuestOnly, RecruiterOnly, RequireAuth } from '@/features/auth/components/guards'
import { prefetchJob } from '@/features/jobs/api/get-job'
import { useSession, type AnyAccountType } from '@/lib/auth'
import { PLACEHOLDER_PAGES } from './footer-links'
import { RootLayout } from './layouts/root-layout'
import ErrorPage from './routes/error'
import PageError from './routes/page-error'
import { screen, useScreenCodeFirst } from './screen-code'

/** Every screen is its own chunk, so a visitor downloads only the page they open (screen-code.ts); the placeholder pages share one. */
const placeholder = screen(() => import('./routes/placeholder'))

/** The layout, which leaves a screen only once the next one's code is here (useScreenCodeFirst). */
function Root() {
  useScreenCodeFirst(routes)
  return <RootLayout />
}

/** Where each account type's conversations are: an applicant's on their applications, a recruiter's on the applications to their jobs. */
const MESSAGES_OF: Record<AnyAccountType, string> = {
  Applicant: '/dashboard/my-applications',
  Recruiter: '/dashboard/applications',
  Admin: '/dashboard/admin',
}

/** /dashboard/messages (the installed app's "Messages" shortcut): on to where the person's conversations are. */
function MessagesRedirect() {
  const { accountType } = useSession()
  return <Navigate to={accountType ? MESSAGES_OF[accountType] : '/dashboard/my-profile'} replace />
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    ErrorBoundary: ErrorPage,
    HydrateFallback: Spinner,
    children: [
      {
        // A screen's error (its code did not load, or it broke) shows inside the layout.
        ErrorBoundary: PageError,
        children: [
          { index: true, lazy: screen(() => import('./routes/landing')) },
          { path: 'about', lazy: screen(() => import('./routes/about')) },
          { path: 'jobs', lazy: screen(() => import('./routes/jobs')) },
          {
            path: 'job/:jobId',
            // The job's data starts loading beside the page's code, not after it (the page's query takes it).
            loader: ({ params }) => {
              if (params.jobId) prefetchJob(params.jobId)
              return null
            },
            lazy: screen(() => import('./routes/job')),
          },
          { path: 'category/:categoryName', lazy: screen(() => import('./routes/category')) },
          { path: 'company/:slug', lazy: screen(() => import('./routes/company')) },
          { path: 'privacy-policy', lazy: screen(() => import('./routes/privacy')) },
          { path: 'terms', lazy: screen(() => import('./routes/terms')) },
          { path: 'contact', lazy: screen(() => import('./routes/contact')) },
          { path: 'alerts/unsubscribe', lazy: screen(() => import('./routes/unsubscribe')) },
          // An invitation's link, for a guest and a logged-in account alike (docs/product.md#invitation).
          { path: 'invitations/:token', lazy: screen(() => import('./routes/invitation')) },
          {
            Component: GuestOnly,
            children: [
              { path: 'login', lazy: screen(() => import('./routes/login')) },
              { path: 'signup', lazy: screen(() => import('./routes/signup')) },
              { path: 'verify-email', lazy: screen(() => import('./routes/verify-email')) },
              { path: 'forgot-password', lazy: screen(() => import('./routes/forgot-password')) },
              { path: 'update-password/*', lazy: screen(() => import('./routes/update-password')) },
            ],
          },
          {
            path: 'dashboard',
            Component: RequireAuth,
            children: [
              {
                lazy: screen(() => import('./routes/dashboard/layout')),
                // Every account type's pages, then those of one type only: to another they do not exist (docs/product.md#dashboard).
                children: [
                  { index: true, element: <Navigate to="my-profile" replace /> },
                  { path: 'my-profile', lazy: screen(() => import('./routes/dashboard/my-profile')) },
                  // Matching is case-insensitive, so this is also dashboard/Settings.
                  { path: 'settings', lazy: screen(() => import('./routes/dashboard/settings')) },
                  { path: 'messages', Component: MessagesRedirect },
                  // An interview's page (the e-mail's link) and an application's interviews: for its applicant and its recruiter alike.
                  { path: 'interviews/:interviewId', lazy: screen(() => import('./routes/dashboard/interview')) },
                  { path: 'applications/:applicationId/interviews', lazy: screen(() => import('./routes/dashboard/application-interviews')) },
                  {
                    Component: RecruiterOnly,
                    children: [
                      { path: 'company', lazy: screen(() => import('./routes/dashboard/company')) },
                      { path: 'my-jobs', lazy: screen(() => import('./routes/dashboard/my-jobs')) },
                      { path: 'add-job', lazy: screen(() => import('./routes/dashboard/add-job')) },
                      { path: 'edit-job/:jobId', lazy: screen(() => import('./routes/dashboard/edit-job')) },
                      { path: 'applications', lazy: screen(() => import('./routes/dashboard/applications')) },
                      { path: 'job/applications/:jobId', lazy: screen(() => import('./routes/dashboard/job-applications')) },
                    ],
                  },
                  {
                    Component: ApplicantOnly,
                    children: [
                      { path: 'jobs-for-you', lazy: screen(() => import('./routes/dashboard/jobs-for-you')) },
                      { path: 'my-applications', lazy: screen(() => import('./routes/dashboard/my-applications')) },
                      { path: 'saved-jobs', lazy: screen(() => import('./routes/dashboard/saved-jobs')) },
                      { path: 'saved-searches', lazy: screen(() => import('./routes/dashboard/saved-searches')) },
                    ],
                  },
                  {
                    Component: AdminOnly,
                    children: [
                      { path: 'admin', lazy: screen(() => import('./routes/dashboard/admin-overview')) },
                      { path: 'admin/categories', lazy: screen(() => import('./routes/dashboard/admin-categories')) },
                      { path: 'admin/jobs', lazy: screen(() => import('./routes/dashboard/admin-jobs')) },
                      { path: 'admin/accounts', lazy: screen(() => import('./routes/dashboard/admin-accounts')) },
                      { path: 'admin/companies', lazy: screen(() => import('./routes/dashboard/admin-companies')) },
                      { path: 'admin/audit', lazy: screen(() => import('./routes/dashboard/admin-audit')) },
                    ],
                  },
                  { path: '*', Component: NotFound },
                ],
              },
            ],
          },
          ...PLACEHOLDER_PAGES.map(({ path }) => ({ path, lazy: placeholder })),
          { path: '*', lazy: screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]
