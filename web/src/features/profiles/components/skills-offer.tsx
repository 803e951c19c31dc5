import { useId, useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { useSession } from '@/lib/auth'
import { SKILLS_OFFER_KEY } from '@/lib/constants'
import { serverMessage } from '@/lib/query-client'
import { readStored } from '@/lib/store'
import { useUpdateUserDetails } from '../api/update-user-details'
import type { ApplicantDetails } from '../types'

/** An offer put aside with "Not now": the resume it came from and the skills it offered. */
type SetAside = { resumeName: string; skills: string[] }

/** Put aside for this resume: a new resume, or a skill it did not offer then, offers again. */
const isSetAside = (stored: SetAside | undefined, { resumeName, suggestedSkills }: ApplicantDetails) =>
  stored !== undefined && stored.resumeName === resumeName && suggestedSkills.every((skill) => stored.skills.includes(skill))

type Props = {
  details: ApplicantDetails
  /** Takes the focus when the offer goes (put aside, or nothing left to add), as the button pressed goes with it. */
  onGone: () => void
}

/**
 * "Add to my skills?": the skills the resume names that the profile does not list
 * (docs/rules.md#resume-text), each added alone or all at once through the profile's update, which
 * keeps every other field; "Not now" puts the offer aside for this resume, in this browser.
 */
export function SkillsOffer({ details, onGone }: Props) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { userId } = useSession()
  const storageKey = `${SKILLS_OFFER_KEY}:${userId}`
  const [setAside, setSetAside] = useState(() => readStored<SetAside>(localStorage, storageKey))
  // What is being added: one skill, or every one (`null`, "Add all").
  const [adding, setAdding] = useState<{ skill: string | null } | null>(null)
  const update = useUpdateUserDetails({ message: serverMessage('Could not update profile') })
  const offered = details.suggestedSkills

  if (offered.length === 0 || isSetAside(setAside, details)) return null

  const add = async (skills: string[], button: { skill: string | null }) => {
    setAdding(button)
    try {
      // Names and the listed skills as they are; the about text and education, left out, stay as they are.
      await update.mutateAsync({ firstName: details.firstName, lastName: details.lastName, skills: [...details.skills, ...skills] })
      toast.success('Skills added')
      // The profile is fetched again by now; the server no longer offers what was added.
      if (offered.every((skill) => skills.includes(skill))) onGone()
      else headingRef.current?.focus()
    } catch {
      // The mutation's toast says it.
    } finally {
      setAdding(null)
    }
  }

  const notNow = () => {
    const aside = { resumeName: details.resumeName, skills: offered }
    localStorage.setItem(storageKey, JSON.stringify(aside))
    setSetAside(aside)
    onGone()
  }

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-md border border-gray-300 bg-gray-50 p-4">
      <h4 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold text-gray-900">
        Add to my skills?
      </h4>
      <p className="mt-1 text-gray-800">Your resume names these skills, which your profile does not list yet.</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {offered.map((skill) => (
          <li key={skill} className="flex items-center gap-2 rounded-md border border-gray-300 bg-white py-1 pr-1 pl-3 text-gray-900">
            {skill}
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Add ${skill}`}
              loading={adding?.skill === skill}
              disabled={adding !== null}
              onClick={() => void add([skill], { skill })}
            >
              Add
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button size="sm" loading={adding?.skill === null} disabled={adding !== null} onClick={() => void add(offered, { skill: null })}>
          Add all
        </Button>
        <Button variant="neutral" size="sm" disabled={adding !== null} onClick={notNow}>
          Not now
        </Button>
      </div>
    </section>
  )
}
