import { useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { SelectField } from '@/components/ui/select-field'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { useMyCompany } from '../api/get-my-company'
import { useJobTeam, useSetJobTeam } from '../api/job-team'
import { useTeam } from '../api/team'
import { managesJobs, memberName, ROLE_NAMES, type JobTeam, type Member } from '../types'

const WHO_WORKS = "Owners and recruiters work every job of the company; a hiring manager works only the jobs whose team they are on."

/** A member as the panel names them: "Sue Park", with "(you)" for the one reading. */
function nameOf(members: Member[], userId: string, me: string | null) {
  const found = members.find((each) => each.userId === userId)
  const name = found ? memberName(found) : 'A former member'
  return userId === me ? `${name} (you)` : name
}

/**
 * An owner's or recruiter's form: who is in charge (an owner or recruiter), and a checkbox per member
 * for the team. "Save team" sends both: "Hiring team updated", or the server's refusal under the form.
 */
function HiringTeamForm({ jobId, start, members }: { jobId: string; start: JobTeam; members: Member[] }) {
  const { userId } = useSession()
  const hintId = useId()
  const errorId = useId()
  const saveRef = useRef<HTMLButtonElement>(null)
  const save = useSetJobTeam(jobId, false)
  const [inCharge, setInCharge] = useState(start.inCharge)
  const [team, setTeam] = useState(start.team)
  const [problem, setProblem] = useState<string | null>(null)
  const managers = members.filter((each) => managesJobs(each.role))

  const toggle = (memberId: string) => setTeam((chosen) => (chosen.includes(memberId) ? chosen.filter((each) => each !== memberId) : [...chosen, memberId]))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    try {
      const answer = await save.mutateAsync({ inCharge, team })
      setInCharge(answer.team.inCharge)
      setTeam(answer.team.team)
      toast.success(answer.message)
    } catch (error) {
      setProblem(errorMessage(error, 'Could not save the hiring team'))
    }
    // The button was disabled while the team was sent, which drops the focus to the page: it comes back here.
    if (document.activeElement === null || document.activeElement === document.body) saveRef.current?.focus()
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
      <SelectField label="In charge" value={inCharge} onChange={(event) => setInCharge(event.target.value)} className="sm:max-w-sm">
        {/* The one in charge now, should the members not list them as an owner or recruiter any more. */}
        {!managers.some((each) => each.userId === inCharge) && <option value={inCharge}>{nameOf(members, inCharge, userId)}</option>}
        {managers.map((each) => (
          <option key={each.userId} value={each.userId}>
            {nameOf(members, each.userId, userId)}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={hintId}>
        <legend className="font-medium text-gray-900">On the team</legend>
        <p id={hintId} className="text-sm text-gray-700">
          {WHO_WORKS}
        </p>
        <div className="mt-1 flex flex-col">
          {members.map((each) => (
            <label key={each.userId} className="flex items-center gap-2 py-2 text-gray-800">
              <input type="checkbox" checked={team.includes(each.userId)} onChange={() => toggle(each.userId)} className="h-5 w-5 accent-primary" />
              {nameOf(members, each.userId, userId)}, {ROLE_NAMES[each.role]}
            </label>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p id={errorId} role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      <Button ref={saveRef} type="submit" loading={save.isPending} aria-describedby={problem ? errorId : undefined} className="self-start">
        Save team
      </Button>
    </form>
  )
}

/** A hiring manager's view: who is in charge and who is on the team, to read. */
function HiringTeamDetails({ team, members }: { team: JobTeam; members: Member[] }) {
  const { userId } = useSession()
  return (
    <>
      <dl className="mt-4 grid gap-4">
        <div>
          <dt className="font-semibold text-gray-900">In charge</dt>
          <dd className="text-gray-800">{nameOf(members, team.inCharge, userId)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-gray-900">On the team</dt>
          <dd className="text-gray-800">
            {team.team.length === 0 ? (
              'No one yet'
            ) : (
              <ul>
                {team.team.map((memberId) => (
                  <li key={memberId}>{nameOf(members, memberId, userId)}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-gray-800">Only owners and recruiters can change a job's team.</p>
    </>
  )
}

/**
 * docs/product.md#hiring-team: who is in charge of the job and who works its
 * applications beside them. Owners and recruiters choose them; a hiring manager reads them.
 */
export function HiringTeamPanel({ jobId }: { jobId: string }) {
  // Each failure is said in the panel, not in a toast as well.
  const company = useMyCompany({ errorToast: false })
  const members = useTeam({ errorToast: false })
  const jobTeam = useJobTeam(jobId, false)
  const failed = company.error ?? members.error ?? jobTeam.error

  return (
    <Panel title="Hiring team">
      {failed ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(failed, 'Could not load the hiring team')}
        </p>
      ) : !company.data || !members.data || !jobTeam.data ? (
        <Spinner label="Loading the hiring team..." />
      ) : managesJobs(company.data.role) ? (
        <HiringTeamForm jobId={jobId} start={jobTeam.data} members={members.data} />
      ) : (
        <HiringTeamDetails team={jobTeam.data} members={members.data} />
      )}
    </Panel>
  )
}
