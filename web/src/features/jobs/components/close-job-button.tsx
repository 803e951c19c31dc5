import { useEffect, useRef } from 'react'
import { toast } from 'react-hot-toast'
import { Button, type ButtonSize } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { useCloseJob } from '../api/job-mutations'
import type { Job } from '../types'

/**
 * The recruiter's switch for taking applications: "Close" stops them before the deadline (the job
 * stays listed, marked closed), "Reopen" takes them again while the deadline is ahead.
 */
export function CloseJobButton({ job, size }: { job: Pick<Job, '_id' | 'title' | 'closedAt'>; size?: ButtonSize }) {
  const change = useCloseJob({ message: (error, closing) => errorMessage(error, closing.reopen ? 'Could not reopen the job' : 'Could not close the job') })
  const reopen = job.closedAt != null
  const buttonRef = useRef<HTMLButtonElement>(null)
  // The button is disabled while the change is under way, which drops the focus to the page: once it
  // is enabled again (now "Reopen" or "Close"), the focus comes back to it, unless the person moved it.
  const refocus = useRef(false)
  useEffect(() => {
    if (change.isPending || !refocus.current) return
    refocus.current = false
    if (document.activeElement === null || document.activeElement === document.body) buttonRef.current?.focus()
  }, [change.isPending])

  const toggle = async () => {
    refocus.current = document.activeElement === buttonRef.current
    try {
      const { message } = await change.mutateAsync({ jobId: job._id, reopen })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <Button
      ref={buttonRef}
      variant="neutral"
      size={size}
      loading={change.isPending}
      onClick={() => void toggle()}
      aria-label={`${reopen ? 'Reopen' : 'Close'} ${job.title}`}
    >
      {reopen ? 'Reopen' : 'Close'}
    </Button>
  )
}
