import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { serverMessage } from '@/lib/query-client'
import { useDeleteSearch, useSavedSearchFor, useSaveSearch } from '../api/saved-searches'

/** The saved search that follows a company: its jobs, and no other filter. */
export const companyQuery = (slug: string) => new URLSearchParams({ company: slug }).toString()

/**
 * An applicant's Follow toggle on a company's page: "Follow {name}", then "Following {name}"
 * (pressed). Following is a saved search of the company's jobs under the company's name, so the
 * daily alerts e-mail its new jobs; unfollowing deletes that search, wherever it was saved from.
 */
export function FollowCompanyButton({ slug, name, className = '' }: { slug: string; name: string; className?: string }) {
  const query = companyQuery(slug)
  const { saved, loading } = useSavedSearchFor(query)
  const follow = useSaveSearch({ message: serverMessage(`Could not follow ${name}`) })
  const unfollow = useDeleteSearch({ message: serverMessage(`Could not unfollow ${name}`) })
  const following = saved !== undefined
  // Kept enabled while the change is under way, so the focus stays on it; a second press waits for the first.
  const busy = follow.isPending || unfollow.isPending

  const toggle = async () => {
    if (busy) return
    try {
      if (saved) {
        await unfollow.mutateAsync(saved._id)
        toast.success(`You no longer follow ${name}`)
      } else {
        await follow.mutateAsync({ name, query })
        toast.success(`You will get ${name}'s new jobs by e-mail`)
      }
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <Button variant={following ? 'secondary' : 'neutral'} aria-pressed={following} disabled={loading} onClick={() => void toggle()} className={className}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={following ? 'M4 10.5l4 4 8-9' : 'M10 4v12M4 10h12'} />
      </svg>
      <span className="break-words">
        {following ? 'Following' : 'Follow'} {name}
      </span>
    </Button>
  )
}
