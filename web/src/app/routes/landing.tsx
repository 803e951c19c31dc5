import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { JobsForYou } from '@/features/jobs/components/jobs-for-you'
import { useSession } from '@/lib/auth'
import { withNext } from '@/lib/next-page'
import { categorySlug } from '@/lib/slug'
import { screenTitle } from '@/app/site-pages'

const DEFAULT_AREAS = ['Engineering', 'Finance', 'Sales', 'Information Technology', 'Marketing', 'Customer Support', 'Human Resource']
const MORE_AREAS = ['Business Development', 'Accounting', 'Research', 'Consulting']

const ADD_JOB = '/dashboard/add-job'

/** The hero's search: the words go to /jobs as its `q`, where the search and its filters carry on. */
function HeroSearch() {
  const navigate = useNavigate()
  const [words, setWords] = useState('')
  return (
    // Before the app takes over the server's markup, the form loads /jobs with the words itself.
    <form
      role="search"
      aria-label="Jobs"
      action="/jobs"
      method="get"
      className="mx-auto mt-8 flex max-w-xl flex-col gap-2 text-left sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault()
        const q = words.trim()
        void navigate(q ? `/jobs?${new URLSearchParams({ q })}` : '/jobs')
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor="hero-search" className="mb-1 block font-medium text-gray-900">
          Search jobs
        </label>
        <input
          id="hero-search"
          name="q"
          type="search"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          placeholder="Title, company or location"
          autoComplete="off"
          className="w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-600"
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  )
}

/**
 * "Post a job" leads a recruiter to Add Job, and a guest to Signup on the Recruiter tab (the tab
 * follows Add Job as the `next`), on to Add Job once the account exists; a guest who has a recruiter
 * account logs in from there and arrives at Add Job the same way. An applicant's account cannot
 * post: like other job boards, the page says who posting is for instead of offering a button that
 * ends in a refusal. An Admin moderates jobs and posts none: no button either.
 */
function PostJobAction() {
  const { loggedIn, accountType } = useSession()
  if (loggedIn && accountType === 'Applicant') {
    return <p className="w-full text-gray-700">Hiring? Jobs are posted from a recruiter account.</p>
  }
  if (loggedIn && accountType !== 'Recruiter') return null
  return (
    <ButtonLink to={loggedIn ? ADD_JOB : withNext('/signup', ADD_JOB)} variant="secondary">
      Post a job
    </ButtonLink>
  )
}

/** A signed-in applicant's four best matches, above the rest of the page. */
function JobsForYouSection() {
  const { loggedIn, accountType } = useSession()
  if (!loggedIn || accountType !== 'Applicant') return null
  return (
    <section aria-labelledby="for-you-heading" className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="for-you-heading" className="text-2xl font-bold text-gray-900">
          Jobs for you
        </h2>
        <Link to="/dashboard/jobs-for-you" className="font-medium text-primary-strong underline">
          See all jobs for you
        </Link>
      </div>
      <JobsForYou limit={4} labelledBy="for-you-heading" />
    </section>
  )
}

export default function LandingPage() {
  const [expanded, setExpanded] = useState(false)
  const areas = expanded ? [...DEFAULT_AREAS, ...MORE_AREAS] : DEFAULT_AREAS

  return (
    <>
      <title>{screenTitle('/')}</title>
      <section className="bg-gradient-to-b from-blue-50 to-white px-4 py-20 text-center">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-gray-900 md:text-5xl">
          Connecting Talent with Opportunity
        </h1>
        <HeroSearch />
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <ButtonLink to="/jobs">Find Jobs</ButtonLink>
          <PostJobAction />
        </div>
      </section>

      <JobsForYouSection />

      <section aria-labelledby="who-heading" className="mx-auto max-w-4xl px-4 py-12 text-center">
        <h2 id="who-heading" className="text-2xl font-bold text-gray-900">
          Who is it for?
        </h2>
        <p className="mt-4 text-lg text-gray-700">
          For anyone navigating their professional life: job seekers looking for their next role and
          recruiters looking for the right people.
        </p>
      </section>

      <section aria-labelledby="areas-heading" className="mx-auto max-w-4xl px-4 py-8 text-center">
        <h2 id="areas-heading" className="text-2xl font-bold text-gray-900">
          Explore jobs by area
        </h2>
        <ul id="job-areas" className="mt-6 flex flex-wrap justify-center gap-3">
          {areas.map((area) => (
            <li key={area}>
              <Link
                to={`/category/${categorySlug(area)}`}
                className="inline-block rounded-full border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:border-blue-700 hover:text-blue-800"
              >
                {area}
              </Link>
            </li>
          ))}
        </ul>
        <Button variant="link" aria-expanded={expanded} aria-controls="job-areas" onClick={() => setExpanded((value) => !value)} className="mt-6 px-4 py-2 font-semibold">
          {expanded ? 'Show Less' : 'Show More'}
        </Button>
      </section>
    </>
  )
}
