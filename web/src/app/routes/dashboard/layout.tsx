import { lazy, Suspense } from 'react'
import { Navigate, NavLink, useRoutes, type RouteObject } from 'react-router'
import { dashboardLinks } from '@/app/dashboard-links'
import { NotFound } from '@/components/ui/not-found'
import { Spinner } from '@/components/ui/spinner'
import { LogoutButton } from '@/features/auth/components/logout-button'
import type { AccountType } from '@/features/auth/types'
import { useSession } from '@/features/auth/use-session'

const MyProfile = lazy(() => import('./my-profile'))
const Settings = lazy(() => import('./settings'))
const MyJobs = lazy(() => import('./my-jobs'))
const AddJob = lazy(() => import('./add-job'))
const EditJob = lazy(() => import('./edit-job'))
const Applications = lazy(() => import('./applications'))
const JobApplications = lazy(() => import('./job-applications'))
const MyApplications = lazy(() => import('./my-applications'))

/** Routes of every account type, then those registered only for the matching one (SPEC section 2). */
function dashboardRoutes(accountType: AccountType | null): RouteObject[] {
  const common: RouteObject[] = [
    { index: true, element: <Navigate to="my-profile" replace /> },
    { path: 'my-profile', element: <MyProfile /> },
    // Matching is case-insensitive, so this is also dashboard/Settings.
    { path: 'settings', element: <Settings /> },
  ]
  const recruiter: RouteObject[] = [
    { path: 'my-jobs', element: <MyJobs /> },
    { path: 'add-job', element: <AddJob /> },
    { path: 'edit-job/:jobId', element: <EditJob /> },
    { path: 'applications', element: <Applications /> },
    { path: 'job/applications/:jobId', element: <JobApplications /> },
  ]
  const applicant: RouteObject[] = [{ path: 'my-applications', element: <MyApplications /> }]
  return [
    ...common,
    ...(accountType === 'Recruiter' ? recruiter : []),
    ...(accountType === 'Applicant' ? applicant : []),
    { path: '*', element: <NotFound /> },
  ]
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-4 py-2 font-medium ${isActive ? 'bg-blue-100 text-blue-900' : 'text-gray-800 hover:bg-gray-100'}`

function SidebarLinks({ accountType, onNavigate }: { accountType: AccountType | null; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {dashboardLinks(accountType).map((item) => (
        <li key={item.path}>
          <NavLink to={item.path} className={linkClass} onClick={onNavigate}>
            {item.name}
          </NavLink>
        </li>
      ))}
      <li className="mt-2 border-t border-gray-200 pt-2">
        <LogoutButton className="block w-full rounded-md px-4 py-2 text-left font-medium text-gray-800 hover:bg-gray-100" />
      </li>
    </ul>
  )
}

export default function DashboardLayout() {
  const { user, accountType } = useSession()
  const routes = useRoutes(dashboardRoutes(accountType))
  // The user is still being fetched: the sidebar and the routes of the account type are not known yet.
  if (!user) return <Spinner />

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      {/* On a phone the header's menu lists these links: one menu button, not two. */}
      <aside className="hidden w-56 shrink-0 md:block">
        <nav aria-label="Dashboard">
          <SidebarLinks accountType={accountType} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Spinner />}>{routes}</Suspense>
      </div>
    </div>
  )
}
