import { Link } from 'react-router'
import { FOOTER_GROUPS, SITE_LINKS, type FooterLink } from '../footer-links'

const linkClass = 'inline-block py-1 text-gray-700 hover:text-blue-800 hover:underline'

/** A list of the footer's links, one an item. */
function LinkList({ links, className }: { links: FooterLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.path}>
          <Link to={link.path} className={linkClass}>
            {link.title}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/**
 * The footer's two groups of links (docs/product.md#footer), each collapsed behind its heading: one stop each for a keyboard instead
 * of forty-four. The pages about the site itself stay in sight below them.
 */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-6xl items-start gap-x-8 gap-y-2 px-4 pt-8 md:grid-cols-2">
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center gap-2 rounded py-2 font-semibold text-gray-900 hover:text-blue-800 [&::-webkit-details-marker]:hidden">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-90 motion-reduce:transition-none" fill="currentColor">
                  <path d="M7 4l6 6-6 6V4z" />
                </svg>
                {group.heading}
              </summary>
              <LinkList links={group.links} className="mt-1 grid grid-cols-2 gap-x-4 pb-2 pl-6 text-sm sm:grid-cols-3" />
            </details>
          </nav>
        ))}
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-8 gap-y-2 px-4 pt-4 pb-8 text-sm">
        <nav aria-label="About this site">
          <LinkList links={SITE_LINKS} className="flex flex-wrap gap-x-6" />
        </nav>
        <p className="text-gray-700">jobportal: a job board for applicants and recruiters.</p>
      </div>
    </footer>
  )
}
