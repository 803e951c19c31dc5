import { FOOTER_SLUGS } from '@/app/site-pages'
import { titleFromSlug } from '@/lib/slug'

/** The footer's links (docs/product.md#footer), in order, from site-pages.json; the server serves each name at the site root. */
const EXPLORE = FOOTER_SLUGS.explore
const COMPANY = FOOTER_SLUGS.company

export type FooterLink = { path: string; title: string }

const toLink = (slug: string): FooterLink => ({ path: `/${slug}`, title: titleFromSlug(slug) })

export const FOOTER_GROUPS: { heading: string; links: FooterLink[] }[] = [
  { heading: 'Explore', links: EXPLORE.map(toLink) },
  { heading: 'Company', links: COMPANY.map(toLink) },
]

/** What the footer keeps in sight, outside its collapsed sections: the pages about the site itself. */
export const SITE_LINKS: FooterLink[] = [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms' },
  { path: '/contact', title: 'Contact' },
]

/** Footer paths with a real screen of their own. */
const REAL_SCREENS = new Set(['/jobs', '/about', '/privacy-policy', '/terms'])

export const PLACEHOLDER_PAGES = FOOTER_GROUPS.flatMap((group) => group.links).filter(
  (link) => !REAL_SCREENS.has(link.path),
)
