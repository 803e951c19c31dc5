import type { RouteObject } from 'react-router'
import { routes } from './routes'
import sitePages from './site-pages.json'

/** Every path the route table gives a screen, written out from the root ('*' routes left out). */
function paths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`
    const own = route.path !== undefined && route.path !== '*' ? [here] : route.index ? [parent || '/'] : []
    return [...own, ...paths(route.children ?? [], here)]
  })
}

/** How the server tells a path it serves the app's page for (server/src/site/mod.rs reads the same list). */
function served(path: string): boolean {
  const publicScreens = sitePages.publicScreens.map((screen) => screen.path)
  const footer = [...sitePages.footer.explore, ...sitePages.footer.company].map((slug) => `/${slug}`)
  const prefixes = sitePages.preloads.map((preload) => preload.path).filter((p) => p !== '/' && p.endsWith('/'))
  // The screens that own every path below them (an invitation's link is /invitations/{token}).
  const owners = ['/dashboard', '/update-password', '/invitations']
  if (publicScreens.includes(path) || footer.includes(path) || sitePages.appScreens.includes(path)) return true
  if (owners.some((owner) => path === owner || path.startsWith(`${owner}/`))) return sitePages.appScreens.some((s) => path.startsWith(s))
  return prefixes.some((prefix) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
}

test('every screen of the route table is one the server serves, from the list both read', () => {
  const all = paths(routes)
  expect(all.length).toBeGreaterThan(60)
  expect(all).toContain('/job/:jobId')
  expect(all).toContain('/dashboard/admin/audit')
  expect(all.filter((path) => !served(path))).toEqual([])
})

test('every public screen of the list has a route, and none is listed twice', () => {
  const all = new Set(paths(routes))
  for (const screen of sitePages.publicScreens) expect(all.has(screen.path)).toBe(true)
  const listed = [...sitePages.publicScreens.map((s) => s.path), ...sitePages.appScreens]
  expect(new Set(listed).size).toBe(listed.length)
})
