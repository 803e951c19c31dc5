import { ApplicantResults } from '@/features/applications/components/applicant-results'
import { ApplicantSearchBox } from '@/features/applications/components/applicant-search-box'
import { ApplicationsGrid } from '@/features/applications/components/applications-grid'
import { ListViewLinks, readListView } from '@/features/applications/components/list-view-links'
import { StageFilter } from '@/features/applications/components/stage-filter'
import { useApplicantSearchAddress } from '@/features/applications/search-address'

/**
 * docs/product.md#applications: what the recruiter received across their jobs, all of it or one view
 * (`?view=`); or, with words (`?q=`), the applicants of every job they work that a search finds.
 */
export default function ApplicationsPage() {
  const { params, words, page, stage, change } = useApplicantSearchAddress()
  const view = readListView(params)
  return (
    <section>
      <title>Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications</h1>
      <ApplicantSearchBox
        words={words}
        onSearch={(q) => change({ q }, true)}
        hint="Words of the applicants' names, skills, resumes, statements and answers, in every job you work."
      />
      {words ? (
        // A search looks through every job the recruiter works, whatever view was shown.
        <>
          <StageFilter stage={stage} onChange={(next) => change({ stage: next || null }, true)} />
          <ApplicantResults search={{ q: words, stage, page }} onPage={(next) => change({ page: next > 1 ? String(next) : null })} showJob />
        </>
      ) : (
        <>
          <ListViewLinks view={view} />
          <ApplicationsGrid asRecruiter view={view} />
        </>
      )}
    </section>
  )
}
