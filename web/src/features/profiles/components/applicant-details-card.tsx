import { useRef } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { useApplicantDetails } from '../api/get-applicant-details'
import { educationLine, skillsText } from '../format'
import { ResumeReading } from './resume-reading'
import { SkillsOffer } from './skills-offer'
import { Panel } from '@/components/ui/panel'

const headingClass = 'text-lg font-semibold text-gray-900'

/**
 * My Profile's "Applicant Details" block: About, Education, Skills and the resume link, with what
 * reading the resume found and the skills it offers to add.
 */
export function ApplicantDetailsCard() {
  const { data, isPending } = useApplicantDetails({ followReading: true })
  const resumeHeadingRef = useRef<HTMLHeadingElement>(null)
  if (isPending) return <Spinner label="Loading profile..." />
  if (!data) return null

  return (
    <Panel title="Applicant Details">
      <div className="mt-4 flex flex-col gap-6">
        <div>
          <h3 className={headingClass}>About</h3>
          {data.profile ? (
            <p className="mt-1 whitespace-pre-line text-gray-800">{data.profile}</p>
          ) : (
            <p className="mt-1 text-gray-700 italic">Write Something About Yourself</p>
          )}
        </div>
        <div>
          <h3 className={headingClass}>Education</h3>
          {data.education.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-gray-800">
              {data.education.map((entry) => (
                <li key={entry._id}>{educationLine(entry)}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-gray-700">No education details available.</p>
          )}
        </div>
        <div>
          <h3 className={headingClass}>Skills</h3>
          <p className="mt-1 text-gray-800">{data.skills.length > 0 ? skillsText(data.skills) : 'No skills listed.'}</p>
        </div>
        <div>
          <h3 ref={resumeHeadingRef} tabIndex={-1} className={headingClass}>
            Resume
          </h3>
          {data.resume ? (
            // The server sends it inline: it opens in the browser's PDF viewer, in a tab of its own.
            <a href={data.resume} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block font-semibold text-blue-800 underline hover:text-blue-900">
              Download Resume
            </a>
          ) : (
            <p className="mt-1 text-gray-700">No resume uploaded yet.</p>
          )}
          <ResumeReading resumeText={data.resumeText} />
          <SkillsOffer details={data} onGone={() => resumeHeadingRef.current?.focus()} />
        </div>
      </div>
    </Panel>
  )
}
