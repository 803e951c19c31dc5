import { useState } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button-link'

const DEFAULT_AREAS = ['Engineering', 'Finance', 'Sales', 'Information Technology', 'Marketing', 'Customer Support', 'Human Resource']
const MORE_AREAS = ['Business Development', 'Accounting', 'Research', 'Consulting']

export default function LandingPage() {
  const [expanded, setExpanded] = useState(false)
  const areas = expanded ? [...DEFAULT_AREAS, ...MORE_AREAS] : DEFAULT_AREAS

  return (
    <>
      <title>jobportal: Connecting Talent with Opportunity</title>
      <section className="bg-gradient-to-b from-blue-50 to-white px-4 py-20 text-center">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-gray-900 md:text-5xl">
          Connecting Talent with Opportunity
        </h1>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <ButtonLink to="/jobs">Find Jobs</ButtonLink>
          <ButtonLink to="/login" variant="secondary">
            Post a job
          </ButtonLink>
        </div>
      </section>

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
                to="/login"
                className="inline-block rounded-full border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:border-blue-700 hover:text-blue-800"
              >
                {area}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="job-areas"
          onClick={() => setExpanded((value) => !value)}
          className="mt-6 rounded-md px-4 py-2 font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-900"
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      </section>
    </>
  )
}
