/**
 * How a person knows a device in Settings' list of those with notifications on: the browser and
 * the system its user agent names, "Chrome on Android", "Safari on iPhone"; "This device" when it
 * names neither. The first match wins, so a browser built on another is found before it (Edge and
 * Samsung Internet say "Chrome" too, every browser on an iPhone says "Safari").
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

/** Android before Linux and the iPhone and iPad before the Mac: their user agents name the latter too. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
]

/** The label a device sent without one of its own gets, as the server names it too. */
export const UNKNOWN_DEVICE = 'This device'

const first = (userAgent: string, table: ReadonlyArray<[RegExp, string]>) => table.find(([pattern]) => pattern.test(userAgent))?.[1]

/** The device's label from its user agent (`navigator.userAgent`). */
export function deviceLabel(userAgent: string): string {
  const browser = first(userAgent, BROWSERS)
  const system = first(userAgent, SYSTEMS)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? UNKNOWN_DEVICE
}
