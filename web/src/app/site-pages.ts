import sitePages from './site-pages.json'

/**
 * The site's screens as the server knows them too (site-pages.json, which the server reads when
 * it is built): the titles of the public screens, which the server writes into the page before any
 * script runs, and the footer's pages, which it serves.
 */
export type PublicPath = '/' | '/jobs' | '/about' | '/privacy-policy' | '/terms' | '/contact'

/** A public screen's title, the same the server gives its page. */
export function screenTitle(path: PublicPath): string {
  const screen = sitePages.publicScreens.find((candidate) => candidate.path === path)
  if (!screen) throw new Error(`site-pages.json lists no public screen ${path}`)
  return screen.title
}

export const FOOTER_SLUGS = sitePages.footer
