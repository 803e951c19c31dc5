/**
 * Which input the visitor used last, kept on `<html>` as `data-input="keyboard"` or `"pointer"`.
 * index.css draws the focus ring on a target the app focuses itself (`tabindex="-1"`: a page's
 * heading after a move, a stage badge after a change) only after a key: Chromium can match
 * :focus-visible on such a target after a click or a tap too, and a ring then looks like a fault.
 * Listened to in the capture phase, so the input is known before any handler moves the focus.
 */
export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const keyboard = () => {
    root.dataset.input = 'keyboard'
  }
  const pointer = () => {
    root.dataset.input = 'pointer'
  }
  document.addEventListener('keydown', keyboard, true)
  document.addEventListener('pointerdown', pointer, true)
  return () => {
    document.removeEventListener('keydown', keyboard, true)
    document.removeEventListener('pointerdown', pointer, true)
  }
}
