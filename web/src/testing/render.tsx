import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { AppProvider } from '@/app/provider'
import { routes as appRoutes } from '@/app/routes'
import { createQueryClient } from '@/lib/query-client'

/** Renders the whole app (without the splash) at `path`, with a fresh cache per test (returned as `queryClient`). */
export function renderApp(path = '/', routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const queryClient = createQueryClient()
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, router, user, queryClient }
}
