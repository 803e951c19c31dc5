import { createBrowserRouter, RouterProvider } from 'react-router'
import { AppProvider } from './provider'
import { routes } from './routes'
import { SplashGate } from './splash'

const router = createBrowserRouter(routes)

export function App() {
  return (
    <AppProvider>
      <SplashGate>
        <RouterProvider router={router} />
      </SplashGate>
    </AppProvider>
  )
}
