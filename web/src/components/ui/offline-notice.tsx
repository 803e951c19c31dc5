import { formatZonedTimeOfDay } from '@/lib/time-zone'
import { useOnline } from '@/lib/use-online'

/**
 * docs/product.md#offline: on a screen kept on this device for reading offline, while the browser
 * is offline, since when what it shows was fetched. `updatedAt` is when the data shown arrived (the
 * query's `dataUpdatedAt`; 0 while it has none).
 */
export function OfflineNotice({ updatedAt, className = 'mt-4' }: { updatedAt: number; className?: string }) {
  const online = useOnline()
  if (online) return null
  return (
    <p role="status" className={`rounded-md border border-amber-300 bg-amber-50 p-3 text-gray-900 ${className}`}>
      {updatedAt > 0 ? `You are offline; showing what you saw at ${formatZonedTimeOfDay(updatedAt)}` : 'You are offline.'}
    </p>
  )
}
