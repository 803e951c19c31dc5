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
  const change = useCloseJob()
  const reopen = job.closedAt != null

  const toggle = async () => {
    try {
      const { message } = await change.mutateAsync({ jobId: job._id, reopen })
      toast.success(message)
    } catch (error) {
      toast.error(errorMessage(error, reopen ? 'Could not reopen the job' : 'Could not close the job'))
    }
  }

  return (
    <Button variant="neutral" size={size} loading={change.isPending} onClick={() => void toggle()} aria-label={`${reopen ? 'Reopen' : 'Close'} ${job.title}`}>
      {reopen ? 'Reopen' : 'Close'}
    </Button>
  )
}
