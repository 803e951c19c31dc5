// Draws the web app's icons from public/logo.svg into public/icons/ (the manifest's icons, the
// maskable ones, the notification badge and the apple-touch-icon) with the machine's Chromium.
// Run it again when the logo changes, from web/: `node scripts/make-icons.mjs` (Chromium at
// /usr/bin/chromium, Debian's package; no browser is downloaded), then keep the PNGs it writes.
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const publicDir = new URL('../public/', import.meta.url)
const iconsDir = new URL('icons/', publicDir)
const logo = readFileSync(new URL('logo.svg', publicDir), 'utf8')

/** The logo's own blue: a maskable icon is the logo's tile carried to the edges. */
const LOGO_BLUE = '#1d4ed8'
/** The manifest's sizes for the icons shown as they are (the logo's rounded tile, corners clear). */
const SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512]
const MASKABLE_SIZES = [192, 512]

/** The logo, `scale` of the picture wide, centred on `background` (or nothing). */
function onBackground(background, scale) {
  const inset = ((1 - scale) / 2) * 100
  return `<div style="position:absolute;inset:0;background:${background}">
    <div style="position:absolute;inset:${inset}%">${logo.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
  </div>`
}

/**
 * The notification badge: the briefcase alone, white on nothing, its clasp cut out. Android draws
 * a badge from its alpha only, so the shape is all that counts.
 */
const BADGE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="8 9 48 48" width="100%" height="100%">
  <mask id="clasp"><rect x="0" y="0" width="64" height="64" fill="#fff"/><rect x="28" y="32" width="8" height="6" rx="1" fill="#000"/></mask>
  <path d="M22 24v-4a4 4 0 0 1 4-4h12a4 4 0 0 1 4 4v4" fill="none" stroke="#fff" stroke-width="4"/>
  <rect x="12" y="24" width="40" height="26" rx="5" fill="#fff" mask="url(#clasp)"/>
</svg>`

/** Each file: its name, its size in pixels and what it shows. */
const icons = [
  ...SIZES.map((size) => ({ name: `icon-${size}.png`, size, body: onBackground('transparent', 1) })),
  // The safe zone of a maskable icon is the centred circle 80% wide: the logo at 60% stays inside it.
  ...MASKABLE_SIZES.map((size) => ({ name: `maskable-${size}.png`, size, body: onBackground(LOGO_BLUE, 0.6) })),
  // iOS rounds the corners itself and fills clear ones with black: the tile goes to the edges.
  { name: 'apple-touch-icon.png', size: 180, body: onBackground(LOGO_BLUE, 1) },
  { name: 'badge-96.png', size: 96, body: BADGE },
]

mkdirSync(iconsDir, { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
try {
  for (const { name, size, body } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
    await page.setContent(`<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;position:relative;background:transparent">${body}</body></html>`)
    await page.screenshot({ path: new URL(name, iconsDir).pathname, omitBackground: true })
    await page.close()
    console.log(`icons/${name}`)
  }
} finally {
  await browser.close()
}
