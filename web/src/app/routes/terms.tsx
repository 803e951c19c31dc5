import { Link } from 'react-router'
import { screenTitle } from '@/app/site-pages'

const h2 = 'mt-10 text-xl font-semibold text-gray-900'
const list = 'mt-3 list-disc space-y-2 pl-6'
const link = 'font-medium text-blue-800 underline hover:text-blue-900'

export default function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 text-gray-800">
      <title>{screenTitle('/terms')}</title>
      <h1 className="text-3xl font-bold text-gray-900">Terms</h1>
      <p className="mt-4 text-lg">By creating an account or using jobportal you agree to these terms.</p>

      <h2 className={h2}>Your account</h2>
      <ul className={list}>
        <li>One account per person, with your own name and an e-mail address you can read.</li>
        <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
      </ul>

      <h2 className={h2}>Job seekers</h2>
      <ul className={list}>
        <li>Your profile, resume and statements must be truthful and yours to share.</li>
        <li>Applying sends them to the recruiter of that job; see the <Link to="/privacy-policy" className={link}>Privacy Policy</Link>.</li>
      </ul>

      <h2 className={h2}>Recruiters</h2>
      <ul className={list}>
        <li>Post only real, lawful jobs that you are entitled to fill, with an honest salary, place and deadline.</li>
        <li>Never ask applicants for money, and never turn anyone away for reasons the law forbids.</li>
        <li>Use what applicants send you only to decide on the job they applied to.</li>
      </ul>

      <h2 className={h2}>Not allowed</h2>
      <ul className={list}>
        <li>Spam, scams, or misleading jobs and profiles.</li>
        <li>Collecting other people&apos;s details from the site, or overloading or probing the service.</li>
      </ul>

      <h2 className={h2}>What you post</h2>
      <p className="mt-3">
        You keep the rights to what you post. You let jobportal store it and show it as the site works: jobs to everyone,
        applications to the recruiter you send them to.
      </p>

      <h2 className={h2}>The service</h2>
      <p className="mt-3">
        jobportal is offered as it is, without a promise that it is always available or free of faults, and it does not
        take part in any hiring decision. We may remove content or close accounts that break these terms. You may stop at
        any time and ask for your account to be deleted (see the{' '}
        <Link to="/privacy-policy#delete-account" className={link}>
          Privacy Policy
        </Link>
        ).
      </p>

      <h2 className={h2}>Changes and questions</h2>
      <p className="mt-3">
        When these terms change, this page changes with them. Questions: see{' '}
        <Link to="/contact" className={link}>
          Contact
        </Link>
        .
      </p>
    </article>
  )
}
