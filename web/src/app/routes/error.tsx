import { isRouteErrorResponse, useRouteError } from 'react-router'

export default function ErrorPage() {
  const error = useRouteError()
  console.error(error)
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null

  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Unexpected Application Error | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Unexpected Application Error</h1>
      {detail && <p className="mt-4 text-gray-700">{detail}</p>}
      {/* A full page load, so a broken in-memory state cannot follow the visitor home. */}
      <a href="/" className="mt-8 inline-block rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
        Back to homepage
      </a>
    </main>
  )
}
