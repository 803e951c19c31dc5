import { useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { Avatar } from '@/features/auth/components/avatar'
import { AvatarMenu } from '@/features/auth/components/avatar-menu'
import { LogoutButton } from '@/features/auth/components/logout-button'
import { comeBackTo } from '@/features/auth/destination'
import { CategoryDropdown } from '@/features/categories/components/category-dropdown'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { hasNotifications } from '@/features/notifications/kinds'
import { useSession } from '@/lib/auth'
import { focusLeft } from '@/lib/focus'
import { withNext } from '@/lib/next-page'
import { dashboardLinks } from '../dashboard-links'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 font-medium hover:text-blue-700 ${isActive ? 'text-blue-800 underline underline-offset-4' : 'text-gray-800'}`

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <li>
        <NavLink to="/" end className={linkClass} onClick={onNavigate}>
          Home
        </NavLink>
      </li>
      <li>
        <CategoryDropdown onNavigate={onNavigate} />
      </li>
      <li>
        <NavLink to="/about" className={linkClass} onClick={onNavigate}>
          About Us
        </NavLink>
      </li>
      <li>
        <NavLink to="/jobs" className={linkClass} onClick={onNavigate}>
          Jobs
        </NavLink>
      </li>
    </>
  )
}

/** Login and Signup, each coming back afterwards to the page they were clicked on (docs/product.md#navigation). */
function AuthButtons({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname, search } = useLocation()
  const next = comeBackTo(pathname, search)
  return (
    <>
      <Link to={withNext('/login', next)} onClick={onNavigate} className="rounded-md border border-blue-700 px-4 py-1.5 font-semibold text-blue-700 hover:bg-blue-50">
        Login
      </Link>
      <Link to={withNext('/signup', next)} onClick={onNavigate} className="rounded-md bg-blue-700 px-4 py-1.5 font-semibold text-white hover:bg-blue-800">
        Signup
      </Link>
    </>
  )
}

export function Header() {
  const { user, accountType } = useSession()
  const loggedIn = user !== null
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeMenu = () => setMenuOpen(false)

  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-blue-800">
          <img src="/logo.svg" alt="" width={32} height={32} />
          jobportal
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-4">
            <NavItems />
          </ul>
        </nav>
        {/* The bell sits beside the menus on every width: a phone has it next to the menu button. */}
        <div className="flex items-center gap-2 md:gap-3">
          {loggedIn && hasNotifications(accountType) && <NotificationBell />}
          <div className="hidden items-center gap-3 md:flex">{loggedIn ? <AvatarMenu user={user} /> : <AuthButtons />}</div>
          <button
            ref={toggleRef}
            type="button"
            className="rounded p-2 text-gray-800 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-gray-200 px-4 py-3 md:hidden"
          // Tab out of the menu (anywhere but its own button) closes it.
          onBlur={(event) => {
            if (focusLeft(event, toggleRef.current)) closeMenu()
          }}
          onKeyDown={(event) => {
            // An open Category dropdown handles Escape first and marks it handled.
            if (event.key === 'Escape' && !event.defaultPrevented) {
              closeMenu()
              toggleRef.current?.focus()
            }
          }}
        >
          <ul className="flex flex-col gap-2">
            <NavItems onNavigate={closeMenu} />
          </ul>
          {loggedIn ? (
            // On a phone this is also the dashboard's menu (the sidebar is hidden there): one menu button.
            <div className="mt-3 border-t border-gray-200 pt-3">
              <div className="flex items-center gap-3">
                <Avatar user={user} />
                <span id="mobile-dashboard" className="font-semibold text-gray-900">
                  Dashboard
                </span>
              </div>
              <ul aria-labelledby="mobile-dashboard" className="mt-2 flex flex-col gap-1">
                {dashboardLinks(user.accountType).map((link) => (
                  <li key={link.path}>
                    <NavLink to={link.path} end={link.end} className={linkClass} onClick={closeMenu}>
                      {link.name}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <LogoutButton onDone={closeMenu} className="rounded px-2 py-1 font-medium text-gray-800 hover:text-blue-700" />
                </li>
              </ul>
            </div>
          ) : (
            <div className="mt-3 flex gap-3">
              <AuthButtons onNavigate={closeMenu} />
            </div>
          )}
        </nav>
      )}
    </header>
  )
}
