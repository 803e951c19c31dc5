import { Link } from 'react-router'
import { OPERATOR_EMAIL } from '../operator'
import { screenTitle } from '@/app/site-pages'

const h2 = 'mt-10 text-xl font-semibold text-gray-900'
const link = 'font-medium text-blue-800 underline hover:text-blue-900'

export default function ContactPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 text-gray-800">
      <title>{screenTitle('/contact')}</title>
      <h1 className="text-3xl font-bold text-gray-900">Contact</h1>
      <p className="mt-4 text-lg">
        Write to the team that runs jobportal at{' '}
        <a href={`mailto:${OPERATOR_EMAIL}`} className={link}>
          {OPERATOR_EMAIL}
        </a>
        .
      </p>

      <h2 className={h2}>What helps us help you</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>Write from the e-mail address of your account, so we know it is yours.</li>
        <li>Say which page you were on and what happened, or link the job you mean.</li>
        <li>Never send your password: we will never ask for it.</li>
      </ul>

      <h2 className={h2}>Deleting your account or your data</h2>
      <p className="mt-3">
        In Settings, <strong>Download my data</strong> and <strong>Delete my account</strong> do it yourself, at once; the{' '}
        <Link to="/privacy-policy#delete-account" className={link}>
          Privacy Policy
        </Link>{' '}
        says what is deleted. If you can no longer log in, write to the same address from your account&apos;s e-mail address.
      </p>

      <h2 className={h2}>About a job or an application</h2>
      <p className="mt-3">
        Questions about a job itself are best asked of the company that posted it. Tell us about a job that looks false or
        unlawful, and we will look into it.
      </p>
    </article>
  )
}
