/** What reading the resume's words found (docs/rules.md#resume-text), in words; nothing once they were found, or with no resume. */
export function readingNote(resumeText: string): string | null {
  switch (resumeText) {
    case 'pending':
      return 'Reading your resume…'
    case 'none':
      return 'We found no text in your resume (a scanned page?). Recruiters can still open it, but searches will not find its words.'
    case 'unreadable':
      return 'We could not read the text of your resume. Recruiters can still open it.'
    default:
      return null
  }
}

/** Beside the resume: a live region, always there, so that what the reading found is announced when it arrives. */
export function ResumeReading({ resumeText }: { resumeText: string }) {
  return (
    <p role="status" className="mt-1 text-gray-700">
      {readingNote(resumeText)}
    </p>
  )
}
