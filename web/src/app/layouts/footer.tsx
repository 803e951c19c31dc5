import { Link } from 'react-router'
import { FOOTER_GROUPS } from '../footer-links'

export function Footer() {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.heading} aria-labelledby={`footer-${group.heading}`}>
            <h2 id={`footer-${group.heading}`} className="mb-3 font-semibold text-gray-900">
              {group.heading}
            </h2>
            <ul className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-3">
              {group.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className="inline-block py-1 text-gray-700 hover:text-blue-800 hover:underline">
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="pb-6 text-center text-sm text-gray-700">jobportal: a job board for applicants and recruiters.</p>
    </footer>
  )
}
