import { screen } from '@testing-library/react'
import { DEADLINE } from '@/testing/dates'
import { job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The deadline's UTC calendar day ("YYYY-MM-DD"), which the date field holds and sends back. */
const DEADLINE_DAY = DEADLINE.slice(0, 10)

async function openForm() {
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) =>
      response(200).json({ success: true, message: 'Job fetched', data: job({ maxApplicants: 10, maxPositions: 2, deadline: DEADLINE }) }),
    ),
  )
  signIn(recruiter)
  const view = renderApp('/dashboard/edit-job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Job' })).toBeVisible()
  await screen.findByLabelText('Max Applicants')
  return view
}

test('the form holds only max applicants, max positions and the deadline, prefilled from the job', async () => {
  await openForm()
  expect(screen.getByLabelText('Max Applicants')).toHaveValue(10)
  expect(screen.getByLabelText('Max Positions')).toHaveValue(2)
  expect(screen.getByLabelText('Application Deadline')).toHaveValue(DEADLINE_DAY)
  expect(screen.getAllByRole('spinbutton')).toHaveLength(2)
  expect(screen.queryByLabelText('Job Title')).not.toBeInTheDocument()
})

test('emptied fields show "Maximum applicants is required", "Maximum positions is required" and "Deadline is required"', async () => {
  const { user } = await openForm()
  await user.clear(screen.getByLabelText('Max Applicants'))
  await user.clear(screen.getByLabelText('Max Positions'))
  await user.clear(screen.getByLabelText('Application Deadline'))
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Maximum applicants is required')).toBeVisible()
  expect(screen.getByText('Maximum positions is required')).toBeVisible()
  expect(screen.getByText('Deadline is required')).toBeVisible()
})

test('a saved edit sends the three fields, shows "Job Updated Successfully" and goes to My Jobs', async () => {
  let body: unknown
  server.use(
    http.put('/jobs/updateJob/{jobId}', async ({ request, response }) => {
      body = await request.json()
      return response(200).json({ success: true, message: 'Job updated successfully', data: job({ maxApplicants: 25 }) })
    }),
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: [job({ maxApplicants: 25 })] })),
  )
  const { user, router } = await openForm()
  await user.clear(screen.getByLabelText('Max Applicants'))
  await user.type(screen.getByLabelText('Max Applicants'), '25')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Updated Successfully')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
  expect(body).toEqual({ maxApplicants: 25, maxPositions: 2, deadline: DEADLINE_DAY })
})

test('a refused edit shows "Job Not Updated" and the server\'s reason, and stays', async () => {
  server.use(
    http.put('/jobs/updateJob/{jobId}', ({ response }) =>
      response(400).json({ success: false, message: 'Max applicants cannot be less than the 3 applications already received' }),
    ),
  )
  const { user, router } = await openForm()
  await user.clear(screen.getByLabelText('Max Applicants'))
  await user.type(screen.getByLabelText('Max Applicants'), '1')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Not Updated')).toBeInTheDocument()
  expect(screen.getByRole('alert')).toHaveTextContent('Max applicants cannot be less than the 3 applications already received')
  expect(router.state.location.pathname).toBe('/dashboard/edit-job/j1')
})
