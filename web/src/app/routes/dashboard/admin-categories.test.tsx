import { screen, waitFor, within } from '@testing-library/react'
import type { AdminCategory } from '@/features/admin/types'
import { admin, adminCategory } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The server's categories, changed by the calls; returns what was sent, in order. */
function answerCategories(initial: AdminCategory[]) {
  let categories = [...initial]
  const sent: unknown[] = []
  const find = (id: unknown) => categories.find((each) => each._id === id)
  const change = (id: unknown, patch: Partial<AdminCategory>) => {
    categories = categories.map((each) => (each._id === id ? { ...each, ...patch } : each))
    return find(id)!
  }
  server.use(
    http.get('/admin/categories', ({ response }) => response(200).json({ success: true, message: 'Categories fetched successfully', categories })),
    http.post('/jobs/createCategory', async ({ request, response }) => {
      const body = (await request.json()) as { name: string; description: string }
      sent.push({ create: body })
      const made = adminCategory({ _id: `c${categories.length + 1}`, ...body })
      categories = [...categories, made]
      const { hidden: _, jobsCount: __, ...category } = made
      return response(201).json({ success: true, message: 'Category created successfully', data: category })
    }),
    http.put('/admin/categories/{categoryId}', async ({ request, params, response }) => {
      const body = (await request.json()) as { name: string; description: string }
      sent.push({ update: params.categoryId, ...body })
      return response(200).json({ success: true, message: 'Category updated', data: change(params.categoryId, body) })
    }),
    ...(['hide', 'unhide'] as const).map((action) =>
      http.put(`/admin/categories/{categoryId}/${action}`, ({ params, response }) => {
        sent.push({ [action]: params.categoryId })
        const hidden = action === 'hide'
        return response(200).json({ success: true, message: hidden ? 'Category hidden' : 'Category shown', data: change(params.categoryId, { hidden }) })
      }),
    ),
    http.delete('/admin/categories/{categoryId}', ({ params, response }) => {
      sent.push({ delete: params.categoryId })
      categories = categories.filter((each) => each._id !== params.categoryId)
      return response(200).json({ success: true, message: 'Category deleted' })
    }),
  )
  return sent
}

const card = (name: string) => within(screen.getByRole('article', { name }))

const CATEGORIES = [
  adminCategory({ jobsCount: 3 }),
  adminCategory({ _id: 'c2', name: 'Retired', description: 'No longer offered.', hidden: true, jobsCount: 1 }),
  adminCategory({ _id: 'c3', name: 'Empty', description: 'Nothing here yet.' }),
]

test('Categories lists every category with its jobs, marks the hidden ones, and offers Delete only for one without jobs', async () => {
  answerCategories(CATEGORIES)
  signIn(admin)
  renderApp('/dashboard/admin/categories')
  expect(await screen.findByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
  const list = within(await screen.findByRole('list', { name: 'All categories' }))
  expect(list.getAllByRole('article')).toHaveLength(3)
  expect(card('Engineering').getByText('3 jobs')).toBeVisible()
  expect(card('Engineering').queryByText('Hidden')).not.toBeInTheDocument()
  expect(card('Engineering').getByText('Has jobs: hide it instead')).toBeVisible()
  expect(card('Engineering').queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
  expect(card('Retired').getByText('Hidden')).toBeVisible()
  expect(card('Retired').getByText('1 job')).toBeVisible()
  expect(card('Retired').getByRole('button', { name: 'Unhide Retired' })).toBeVisible()
  expect(card('Empty').getByText('0 jobs')).toBeVisible()
  expect(card('Empty').getByRole('button', { name: 'Delete Empty' })).toBeVisible()
})

test('a category is added with its name and description, the toast is the server\'s, and the form is ready for the next', async () => {
  const sent = answerCategories(CATEGORIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  const form = within(await screen.findByRole('region', { name: 'Add a category' }))
  await user.click(form.getByRole('button', { name: 'Add category' }))
  expect(await form.findByText('Category name is required')).toBeVisible()
  expect(form.getByText('Category description is required')).toBeVisible()
  expect(form.getByLabelText('Name')).toHaveFocus()

  await user.type(form.getByLabelText('Name'), '  Design ')
  await user.type(form.getByLabelText('Description'), 'Make things look right.')
  await user.click(form.getByRole('button', { name: 'Add category' }))
  expect(await screen.findByText('Category created successfully')).toBeInTheDocument()
  expect(await screen.findByRole('article', { name: 'Design' })).toBeVisible()
  expect(sent).toEqual([{ create: { name: 'Design', description: 'Make things look right.' } }])
  expect(form.getByLabelText('Name')).toHaveValue('')
  expect(form.getByLabelText('Name')).toHaveFocus()
})

test('a name the server refuses shows its message beside the name', async () => {
  answerCategories(CATEGORIES)
  server.use(http.post('/jobs/createCategory', ({ response }) => response(409).json({ success: false, message: 'Category already exists' })))
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  const form = within(await screen.findByRole('region', { name: 'Add a category' }))
  await user.type(form.getByLabelText('Name'), 'Engineering')
  await user.type(form.getByLabelText('Description'), 'Again.')
  await user.click(form.getByRole('button', { name: 'Add category' }))
  await waitFor(() => expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Category already exists'))
  expect(form.getByLabelText('Name')).toHaveFocus()
})

test('Edit opens a dialog with the category\'s fields; Save sends them, toasts the server\'s message and returns the focus to Edit', async () => {
  const sent = answerCategories(CATEGORIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  const edit = await screen.findByRole('button', { name: 'Edit Engineering' })
  await user.click(edit)
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Engineering' }))
  expect(dialog.getByLabelText('Name')).toHaveValue('Engineering')
  expect(dialog.getByLabelText('Name')).toHaveFocus()
  expect(dialog.getByLabelText('Description')).toHaveValue('Build and maintain systems.')
  await user.clear(dialog.getByLabelText('Description'))
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  expect(await dialog.findByText('Category description is required')).toBeVisible()
  expect(sent).toEqual([])

  await user.type(dialog.getByLabelText('Description'), 'Software and hardware.')
  await user.clear(dialog.getByLabelText('Name'))
  await user.type(dialog.getByLabelText('Name'), 'Software Engineering')
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Category updated')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(sent).toEqual([{ update: 'c1', name: 'Software Engineering', description: 'Software and hardware.' }])
  expect(await screen.findByRole('article', { name: 'Software Engineering' })).toBeVisible()
  expect(edit).toHaveFocus()
})

test('an edit the server refuses keeps the dialog open with its message', async () => {
  answerCategories(CATEGORIES)
  server.use(http.put('/admin/categories/{categoryId}', ({ response }) => response(409).json({ success: false, message: 'Category already exists' })))
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  await user.click(await screen.findByRole('button', { name: 'Edit Empty' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Empty' }))
  await user.clear(dialog.getByLabelText('Name'))
  await user.type(dialog.getByLabelText('Name'), 'Engineering')
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Category already exists'))
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Edit Empty' })).toHaveFocus()
})

test('Hide and Unhide send their calls, toast the server\'s messages, mark the card and keep the focus on the button', async () => {
  const sent = answerCategories(CATEGORIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  await user.click(await screen.findByRole('button', { name: 'Hide Engineering' }))
  expect(await screen.findByText('Category hidden')).toBeInTheDocument()
  expect(await card('Engineering').findByText('Hidden')).toBeVisible()
  const unhide = card('Engineering').getByRole('button', { name: 'Unhide Engineering' })
  await waitFor(() => expect(unhide).toHaveFocus())

  await user.click(unhide)
  expect(await screen.findByText('Category shown')).toBeInTheDocument()
  await waitFor(() => expect(card('Engineering').queryByText('Hidden')).not.toBeInTheDocument())
  await waitFor(() => expect(card('Engineering').getByRole('button', { name: 'Hide Engineering' })).toHaveFocus())
  expect(sent).toEqual([{ hide: 'c1' }, { unhide: 'c1' }])
})

test('a refused Hide toasts the server\'s message', async () => {
  answerCategories(CATEGORIES)
  server.use(http.put('/admin/categories/{categoryId}/hide', ({ response }) => response(409).json({ success: false, message: 'The category is already hidden' })))
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  await user.click(await screen.findByRole('button', { name: 'Hide Empty' }))
  expect(await screen.findByText('The category is already hidden')).toBeInTheDocument()
})

test('Delete asks first; Cancel keeps the category and confirming removes it, with the focus on the list\'s heading', async () => {
  const sent = answerCategories(CATEGORIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  const remove = await screen.findByRole('button', { name: 'Delete Empty' })
  await user.click(remove)
  await user.click(within(screen.getByRole('dialog', { name: 'Delete this category?' })).getByRole('button', { name: 'Cancel' }))
  expect(remove).toHaveFocus()
  expect(sent).toEqual([])

  await user.click(remove)
  const dialog = within(screen.getByRole('dialog', { name: 'Delete this category?' }))
  expect(dialog.getByText('"Empty" will be gone for good. It has no jobs.')).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('Category deleted')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Empty' })).not.toBeInTheDocument())
  expect(screen.getByRole('heading', { level: 2, name: 'All categories' })).toHaveFocus()
  expect(sent).toEqual([{ delete: 'c3' }])
})

test('a Delete the server refuses toasts its message and keeps the category', async () => {
  answerCategories(CATEGORIES)
  server.use(
    http.delete('/admin/categories/{categoryId}', ({ response }) =>
      response(409).json({ success: false, message: 'A category with jobs cannot be deleted; hide it instead' }),
    ),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/categories')
  await user.click(await screen.findByRole('button', { name: 'Delete Empty' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('A category with jobs cannot be deleted; hide it instead')).toBeInTheDocument()
  expect(screen.getByRole('article', { name: 'Empty' })).toBeVisible()
})

test('a list the server refuses shows its message', async () => {
  server.use(http.get('/admin/categories', ({ response }) => response(403).json({ success: false, message: 'Token is invalid or expired' })))
  signIn(admin)
  renderApp('/dashboard/admin/categories')
  expect(await screen.findByText('Token is invalid or expired')).toBeVisible()
})
