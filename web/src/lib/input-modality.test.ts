import { fireEvent } from '@testing-library/react'
import css from '../index.css?raw'
import { trackInputModality } from './input-modality'

const RING = '3px solid var(--color-primary)'

/**
 * The app's own stylesheet, and a ring drawn on every focus however it came: what Chromium's
 * :focus-visible can do after a script's focus(), and what the focus: utilities of some headings do.
 */
const STYLES = `${css}\n.ring-on-focus:focus { outline: ${RING}; }`

let stop = () => {}
let sheet: HTMLStyleElement

beforeEach(() => {
  sheet = document.createElement('style')
  sheet.textContent = STYLES
  document.head.append(sheet)
  stop = trackInputModality()
})

afterEach(() => {
  stop()
  sheet.remove()
  delete document.documentElement.dataset.input
  document.body.replaceChildren()
})

/** A page with a link and the heading the app focuses after a move (as RouteFocus does). */
function page() {
  const link = document.createElement('a')
  link.href = '/jobs'
  link.textContent = 'Jobs'
  link.className = 'ring-on-focus'
  const heading = document.createElement('h1')
  heading.tabIndex = -1
  heading.textContent = 'Jobs'
  heading.className = 'ring-on-focus'
  document.body.append(link, heading)
  return { link, heading }
}

const outline = (element: Element) => getComputedStyle(element).getPropertyValue('outline')

test('a heading the app focuses after a click or a tap has no focus ring', () => {
  const { link, heading } = page()
  fireEvent.pointerDown(link, { pointerType: 'mouse' })
  heading.focus()
  expect(document.documentElement.dataset.input).toBe('pointer')
  expect(outline(heading)).toBe('none')

  heading.blur()
  fireEvent.keyDown(link, { key: 'Tab' })
  fireEvent.pointerDown(link, { pointerType: 'touch' })
  heading.focus()
  expect(outline(heading)).toBe('none')
})

test('a heading the app focuses after a key press has the focus ring', () => {
  const { link, heading } = page()
  fireEvent.pointerDown(link)
  fireEvent.keyDown(link, { key: 'Enter' })
  heading.focus()
  expect(document.documentElement.dataset.input).toBe('keyboard')
  expect(outline(heading)).toBe(RING)
})

test('before any input, a heading the app focuses has no focus ring', () => {
  const { heading } = page()
  heading.focus()
  expect(outline(heading)).toBe('none')
})

test('a control keeps its ring after a click: only what the app focuses itself loses it', () => {
  const { link } = page()
  fireEvent.pointerDown(link)
  link.focus()
  expect(outline(link)).toBe(RING)
})

test('the input is known before a handler of the same event moves the focus', () => {
  const { link, heading } = page()
  let seen: string | undefined
  link.addEventListener('keydown', () => {
    seen = document.documentElement.dataset.input
    heading.focus()
  })
  fireEvent.pointerDown(link)
  fireEvent.keyDown(link, { key: 'Enter' })
  expect(seen).toBe('keyboard')
  expect(outline(heading)).toBe(RING)
})

test('once stopped, the input is no longer followed', () => {
  const { link } = page()
  fireEvent.keyDown(link, { key: 'Tab' })
  stop()
  fireEvent.pointerDown(link)
  expect(document.documentElement.dataset.input).toBe('keyboard')
})
