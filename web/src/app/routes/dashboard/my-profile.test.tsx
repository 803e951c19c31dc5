import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { applicant, applicantDetails, emptyApplicantDetails, emptyRecruiterDetails, recruiter, recruiterDetails } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import type { ApplicantDetails, RecruiterDetails } from '@/features/profiles/types'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const answerApplicant = (data: ApplicantDetails) =>
  server.use(http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message: 'Details fetched successfully', data })))
const answerRecruiter = (data: RecruiterDetails) =>
  server.use(http.get('/auth/recruiterDetails', ({ response }) => response(200).json({ success: true, message: 'Details fetched successfully', data: { ...data, jobs: [] } })))

async function openProfile() {
  renderApp('/dashboard/my-profile')
  await screen.findByRole('heading', { level: 1, name: 'My Profile' })
  return within(screen.getByRole('main'))
}

test('an applicant sees About, Education, Skills and the resume link, opening in a new tab, on My Profile', async () => {
  signIn(applicant)
  answerApplicant(applicantDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Applicant Details' }))
  expect(details.getByRole('heading', { level: 3, name: 'About' })).toBeVisible()
  expect(details.getByText('I build reliable web services.')).toBeVisible()
  expect(details.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['MIT 2015 - 2019', 'Open University 2020 - Present'])
  expect(details.getByText('Rust, SQL, React')).toBeVisible()
  expect(details.getByRole('link', { name: 'Download Resume' })).toHaveAttribute(
    'href',
    'http://127.0.0.1:8080/api/v1/resumes/u-applicant?viewer=u-applicant&expires=4102444800&signature=abc',
  )
  // Opened in a new tab, where the browser shows the PDF (served inline), not saved as a download.
  expect(details.getByRole('link', { name: 'Download Resume' })).toHaveAttribute('target', '_blank')
  expect(details.getByRole('link', { name: 'Download Resume' })).toHaveAttribute('rel', 'noopener noreferrer')
  expect(details.getByRole('link', { name: 'Download Resume' })).not.toHaveAttribute('download')
  expect(main.getByText('Ann Lee')).toBeVisible()
  expect(main.getByText('ann@example.com')).toBeVisible()
  expect(main.getByRole('img', { name: "Ann Lee's profile picture" })).toHaveAttribute('src', 'http://127.0.0.1:8080/api/v1/avatars/u-applicant.svg')
  expect(main.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/settings')
})

test('an applicant with an empty profile sees the placeholder and the empty texts', async () => {
  signIn(applicant)
  answerApplicant(emptyApplicantDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Applicant Details' }))
  expect(details.getByText('Write Something About Yourself')).toBeVisible()
  expect(details.getByText('No education details available.')).toBeVisible()
  expect(details.getByText('No skills listed.')).toBeVisible()
  expect(details.getByText('No resume uploaded yet.')).toBeVisible()
  expect(details.queryByRole('link')).not.toBeInTheDocument()
})

test('a recruiter sees Company, Position and Contact Number on My Profile', async () => {
  signIn(recruiter)
  answerRecruiter(recruiterDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Recruiter Details' }))
  const terms = details.getAllByRole('term').map((term) => term.textContent)
  const values = details.getAllByRole('definition').map((value) => value.textContent)
  expect(terms).toEqual(['Company', 'Position', 'Contact Number'])
  expect(values).toEqual(['Acme', 'Hiring Manager', '9876543210'])
  expect(main.getByText('Raj Rao')).toBeVisible()
  expect(main.queryByRole('region', { name: 'Applicant Details' })).not.toBeInTheDocument()
})

test('a recruiter who has not filled in the company details sees "Not provided"', async () => {
  signIn(recruiter)
  answerRecruiter(emptyRecruiterDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Recruiter Details' }))
  expect(details.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Not provided', 'Not provided', 'Not provided'])
})

test('a failed profile load shows the server message', async () => {
  signIn(applicant)
  server.use(http.get('/auth/applicantDetails', ({ response }) => response.untyped(HttpResponse.json({ success: false, message: 'Profile not found' }, { status: 404 }))))
  await openProfile()
  expect(await screen.findByText('Profile not found')).toBeInTheDocument()
})

test('a failed profile load without a message shows "An error occurred"', async () => {
  signIn(recruiter)
  server.use(http.get('/auth/recruiterDetails', ({ response }) => response.untyped(new HttpResponse('oops', { status: 500 }))))
  await openProfile()
  expect(await screen.findByText('An error occurred')).toBeInTheDocument()
})
