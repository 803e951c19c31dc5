/**
 * A filter that has no control among the filters (the company a link narrowed the search to), as a
 * chip: its name, and pressing it turns the filter off. Its accessible name says so: "Remove filter:
 * Company: Acme".
 */
export function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Remove filter: ${label}`}
      onClick={onRemove}
      className="inline-flex min-h-8 items-center gap-2 rounded-full border border-gray-500 bg-gray-100 py-1 pr-2 pl-3 text-sm font-medium break-all text-gray-900 hover:bg-gray-200"
    >
      {label}
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 4l8 8M12 4l-8 8" />
      </svg>
    </button>
  )
}
