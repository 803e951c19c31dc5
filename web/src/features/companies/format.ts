import type { SizeBand } from './types'

/** A company's places as the form edits them: one text, separated by commas. */
export const locationsText = (locations: string[]) => locations.join(', ')

/** The places of a comma-separated text, trimmed, blanks dropped, each kept once whatever its case (as the server keeps them). */
export function parseLocations(text: string): string[] {
  const places: string[] = []
  for (const part of text.split(',')) {
    const place = part.trim()
    if (place && !places.some((kept) => kept.toLowerCase() === place.toLowerCase())) places.push(place)
  }
  return places
}

/** "11-50 employees". */
export const sizeText = (band: SizeBand) => `${band} employees`
