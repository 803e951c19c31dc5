import { NavLink, Outlet } from 'react-router'
import { dashboardLinks } from '@/app/dashboard-links'
import { Spinner } from '@/components/ui/spinner'
import { LogoutButton } from '@/features/auth/components/logout-button'
import { useSession, type AnyAccountType } from '@/lib/auth'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-4 py-2 font-medium ${isActive ? 'bg-blue-100 text-blue-900' : 'text-gray-800 hover:bg-gray-100'}`

function SidebarLinks({ accountType, onNavigate }: { accountType: AnyAccountType | null; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {dashboardLinks(accountType).map((item) => (
        <li key={item.path}>
          <NavLink to={item.path} end={item.end} className={linkClass} onClick={onNavigate}>
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
  // The user is still being fetched: the sidebar and the pages of the account type are not known yet.
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
        <Outlet />
      </div>
    </div>
  )
}
