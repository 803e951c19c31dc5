/** The page's full reload, behind an object so tests can watch it (jsdom's location cannot be spied on). */
export const page = {
  reload: () => window.location.reload(),
}
