/** A category's path segment: its name lower-cased with spaces turned to hyphens (docs/product.md#category). */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-')
}

export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ')
}
