export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-gray-700">
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  )
}
