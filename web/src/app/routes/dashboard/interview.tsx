import { useParams, useSearchParams } from 'react-router'
import { InterviewBooking } from '@/features/interviews/components/interview-booking'
import { useSession } from '@/lib/auth'

/** `?slot=N` (from 0), as the e-mail's link for each time has it; anything else chooses nothing. */
function slotParam(value: string | null) {
  return value !== null && /^\d+$/.test(value) ? Number(value) : null
}

/** docs/rules.md#interviews: the page an interview's e-mail links to, where the applicant books a time. */
export default function InterviewPage() {
  const { interviewId = '' } = useParams()
  const [params] = useSearchParams()
  const { accountType } = useSession()
  return <InterviewBooking key={interviewId} interviewId={interviewId} preselected={slotParam(params.get('slot'))} asApplicant={accountType === 'Applicant'} />
}
