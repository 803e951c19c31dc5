import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Navigate, NavLink, useLocation, useRoutes, type RouteObject } from 'react-router'
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

type SidebarItem = { name: string; path: string; type?: AccountType }

/** SPEC section 2 "Dashboard", in its order. */
const SIDEBAR_ITEMS: SidebarItem[] = [
  { name: 'My Profile', path: '/dashboard/my-profile' },
  { name: 'My Jobs', path: '/dashboard/my-jobs', type: 'Recruiter' },
  { name: 'Add Job', path: '/dashboard/add-job', type: 'Recruiter' },
  { name: 'Applications', path: '/dashboard/applications', type: 'Recruiter' },
  { name: 'My Applications', path: '/dashboard/my-applications', type: 'Applicant' },
  { name: 'Settings', path: '/dashboard/settings' },
]

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
      {SIDEBAR_ITEMS.filter((item) => !item.type || item.type === accountType).map((item) => (
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
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()

  useEffect(() => setMenuOpen(false), [pathname])

  // The user is still being fetched: the sidebar and the routes of the account type are not known yet.
  if (!user) return <Spinner />

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <aside className="hidden w-56 shrink-0 md:block">
        <nav aria-label="Dashboard">
          <SidebarLinks accountType={accountType} />
        </nav>
      </aside>
      <div className="md:hidden">
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="dashboard-menu"
          onClick={() => setMenuOpen((open) => !open)}
          className="flex items-center gap-2 rounded-md border border-gray-500 px-3 py-2 font-medium text-gray-900"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          Dashboard menu
        </button>
        {menuOpen && (
          <nav
            id="dashboard-menu"
            aria-label="Dashboard menu"
            className="mt-2 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !event.defaultPrevented) {
                setMenuOpen(false)
                toggleRef.current?.focus()
              }
            }}
          >
            <SidebarLinks accountType={accountType} onNavigate={() => setMenuOpen(false)} />
          </nav>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Spinner />}>{routes}</Suspense>
      </div>
    </div>
  )
}
