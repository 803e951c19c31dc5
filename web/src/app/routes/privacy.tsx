import { Link } from 'react-router'
import { OPERATOR_EMAIL } from '../operator'
import { screenTitle } from '@/app/site-pages'

const h2 = 'mt-10 text-xl font-semibold text-gray-900'
const list = 'mt-3 list-disc space-y-2 pl-6'
const link = 'font-medium text-blue-800 underline hover:text-blue-900'

export default function PrivacyPolicyPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 text-gray-800">
      <title>{screenTitle('/privacy-policy')}</title>
      <h1 className="text-3xl font-bold text-gray-900">Privacy Policy</h1>
      <p className="mt-4 text-lg">
        jobportal connects job seekers with recruiters. This page says what the site keeps about you, who can see it, and how
        to get a copy of it or have it deleted.
      </p>

      <h2 className={h2}>What we store</h2>
      <ul className={list}>
        <li>
          <strong>Your account:</strong> your first and last name, your e-mail address and your account type (Applicant or
          Recruiter). Your password is stored only as a salted hash: nobody, us included, can read it back.
        </li>
        <li>
          <strong>An applicant&apos;s profile:</strong> the about text, education (institution and years), skills, and the
          resume PDF you upload. A new upload replaces the old file.
        </li>
        <li>
          <strong>Applications:</strong> the jobs you applied to, when, the statement of purpose you wrote, and whether the
          recruiter shortlisted or rejected you.
        </li>
        <li>
          <strong>A recruiter&apos;s profile:</strong> your company, position and contact number, and the jobs you post.
        </li>
        <li>
          <strong>Codes and links we e-mail:</strong> sign-up codes and password-reset links are stored only as hashes and
          expire (a code after 10 minutes, a reset link after an hour).
        </li>
        <li>
          <strong>E-mails we send you:</strong> sign-up codes, password resets, and news of applications (to the recruiter when
          someone applies, to the applicant when a decision is made). The mail queue keeps a copy of each until it is
          delivered, and then at most 7 days.
        </li>
        <li>
          <strong>Logs:</strong> for each request the server records the method, the page or call asked for, the answer&apos;s
          status and how long it took, to keep the service running and to find faults. Your network address is used for a
          short time to limit abuse (too many codes or failed log-ins) and is not written to the logs.
        </li>
      </ul>

      <h2 className={h2}>In your browser</h2>
      <p className="mt-3">
        When you log in, the site keeps your sign-in token and your name in your browser&apos;s local storage, and forgets
        them when you log out or delete your account. While you sign up, the details you typed (your password included) wait for the e-mailed
        code in this tab&apos;s session storage, which the browser empties when the tab closes; they are removed as soon
        as the account is made. There are no advertising or tracking cookies, and no third-party analytics.
      </p>

      <h2 className={h2}>Who sees what</h2>
      <ul className={list}>
        <li>Jobs, with their company, are public: anyone can search and read them.</li>
        <li>
          When you apply, the recruiter who posted that job sees your name, e-mail address, education, skills, resume and
          statement of purpose. No other recruiter does.
        </li>
        <li>Your resume is served only to you and to recruiters you applied to, through links that expire.</li>
        <li>We do not sell or share your data with anyone else.</li>
      </ul>

      <h2 className={h2}>A copy of your data</h2>
      <p className="mt-3">
        In <strong>Settings</strong>, <strong>Download my data</strong> gives you a JSON file of what we hold about you: your
        account, profile, applications, saved jobs and searches, the jobs you posted, your messages and your notifications. An applicant can
        download their resume there too.
      </p>

      <h2 id="delete-account" className={h2}>
        Deleting your account
      </h2>
      <p className="mt-3">
        In <strong>Settings</strong>, <strong>Delete my account</strong> asks for your password, then removes at once:
      </p>
      <ul className={list}>
        <li>your account, your profile and your resume (from the file store too);</li>
        <li>your applications, which are removed from the recruiters&apos; lists;</li>
        <li>your saved jobs and saved searches, and your notifications;</li>
        <li>the messages, notes and interviews on your applications;</li>
        <li>your sessions, and e-mails to you that were not sent yet;</li>
        <li>a recruiter&apos;s jobs, with the applications to them.</li>
      </ul>
      <p className="mt-3">
        What is kept: the admin audit log keeps that an action happened, not your details. E-mails to you or naming you go with
        the account, sent or not. Backups, which the operator keeps for at most 30 days, hold your data until they are
        rotated.
      </p>
      <p className="mt-3">
        If you can no longer log in, write to{' '}
        <a href={`mailto:${OPERATOR_EMAIL}?subject=Delete%20my%20account`} className={link}>
          {OPERATOR_EMAIL}
        </a>{' '}
        from the e-mail address of the account, and we delete it for you.
      </p>

      <h2 className={h2}>Questions</h2>
      <p className="mt-3">
        Anything else about your data: see{' '}
        <Link to="/contact" className={link}>
          Contact
        </Link>
        .
      </p>
    </article>
  )
}
