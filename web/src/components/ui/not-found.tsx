import { Link } from 'react-router'

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Page not found | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Lost and not found!</h1>
      <p className="mt-4 text-gray-700">Seems like we couldn't find the page you were looking for.</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
        Back to homepage
      </Link>
    </section>
  )
}
