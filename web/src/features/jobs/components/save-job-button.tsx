import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { useSavedJobs, useToggleSavedJob } from '../api/saved-jobs'
import type { Job } from '../types'

/**
 * An applicant's Save toggle for one job: "Save", then "Saved" (pressed). The job's title follows
 * in the name screen readers hear, so a list of cards is a list of distinct buttons.
 */
export function SaveJobButton({ job, className = '' }: { job: Job; className?: string }) {
  const saved = useSavedJobs()
  const toggle = useToggleSavedJob({ message: (error, { save }) => errorMessage(error, save ? 'Could not save the job' : 'Could not remove the saved job') })
  const isSaved = saved.data?.some((each) => each._id === job._id) ?? false

  return (
    <Button
      variant={isSaved ? 'secondary' : 'neutral'}
      size="sm"
      aria-pressed={isSaved}
      // The visible word first, so speech input can use it (WCAG 2.5.3).
      aria-label={`${isSaved ? 'Saved' : 'Save'} ${job.title}`}
      disabled={saved.isPending}
      onClick={() => toggle.mutate({ job, save: !isSaved })}
      className={className}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill={isSaved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8">
        <path d="M5 3h10v14l-5-3.5L5 17z" strokeLinejoin="round" />
      </svg>
      {isSaved ? 'Saved' : 'Save'}
    </Button>
  )
}
