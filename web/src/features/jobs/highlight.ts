/** A run of a title: `marked` when it is a word the search matched. */
export type TitlePart = { text: string; marked: boolean }

/**
 * Cuts `title` at the matched ranges (`[start, end]` in UTF-16 code units, as JavaScript indexes
 * strings, `end` exclusive). A range that is empty, reversed, outside the title or overlapping the
 * one before it is ignored, so a stale or bad range can never hide or repeat part of the title.
 */
export function splitTitle(title: string, ranges: readonly (readonly number[])[] = []): TitlePart[] {
  const parts: TitlePart[] = []
  let at = 0
  for (const [start, end] of ranges) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > title.length) continue
    if (start > at) parts.push({ text: title.slice(at, start), marked: false })
    parts.push({ text: title.slice(start, end), marked: true })
    at = end
  }
  if (at < title.length) parts.push({ text: title.slice(at), marked: false })
  return parts
}
