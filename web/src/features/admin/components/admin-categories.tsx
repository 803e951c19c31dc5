import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { FormField } from '@/components/ui/form-field'
import { Modal } from '@/components/ui/modal'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import { TextAreaField } from '@/components/ui/textarea-field'
import { errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { useAdminCategories, useCreateCategory, useDeleteCategory, useHideCategory, useUpdateCategory, type CategoryFields } from '../api/admin-categories'
import { countOf } from '../format'
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_DESCRIPTION_REQUIRED,
  CATEGORY_NAME_MAX,
  categorySchema,
  type CategoryValues,
} from '../schemas'
import type { AdminCategory } from '../types'
import { Badge } from './badge'

type FormProps = {
  defaultValues: CategoryValues
  submitLabel: string
  /** Sends the fields; the server's refusal is shown beside the field it is about. */
  onSubmit: (fields: CategoryFields) => Promise<void>
  onCancel?: () => void
  /** After a success the form empties and its first field takes the focus, for the next one. */
  again?: boolean
}

/** A category's name and description, for a new one or an edit. */
function CategoryForm({ defaultValues, submitLabel, onSubmit, onCancel, again = false }: FormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryValues>({ resolver: zodResolver(categorySchema), defaultValues })

  const submit = async (values: CategoryValues, event?: BaseSyntheticEvent) => {
    try {
      await onSubmit(values)
      if (again) {
        reset(defaultValues)
        // Not setFocus: a reset form knows its fields again only once it has rendered.
        const form = event?.target as HTMLFormElement | undefined
        form?.querySelector('input')?.focus()
      }
    } catch (error) {
      const message = errorMessage(error, FALLBACK_MESSAGE)
      // "Category already exists" and the rest are about the name; one message is about the description.
      setError(message === CATEGORY_DESCRIPTION_REQUIRED ? 'description' : 'name', { message }, { shouldFocus: true })
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 flex flex-col gap-4">
      <FormField label="Name" maxLength={CATEGORY_NAME_MAX} error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" rows={3} maxLength={CATEGORY_DESCRIPTION_MAX} error={errors.description?.message} {...register('description')} />
      <div className="flex justify-end gap-3">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="neutral" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

function AddCategory() {
  const create = useCreateCategory()
  return (
    <Panel title="Add a category">
      <CategoryForm
        defaultValues={{ name: '', description: '' }}
        submitLabel="Add category"
        again
        onSubmit={async (fields) => {
          const { message } = await create.mutateAsync(fields)
          toast.success(message)
        }}
      />
    </Panel>
  )
}

function CategoryCard({ category, listHeading }: { category: AdminCategory; listHeading: RefObject<HTMLHeadingElement | null> }) {
  const headingId = useId()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const update = useUpdateCategory()
  const hide = useHideCategory()
  const remove = useDeleteCategory()
  const { _id: id, name, hidden } = category

  const toggleHidden = async () => {
    try {
      const { message } = await hide.mutateAsync({ id, hidden: !hidden })
      toast.success(message)
    } catch {
      // The mutation's toast says it (lib/query-client).
    }
    // The button was busy (and so lost the focus); it now offers the opposite.
    toggleRef.current?.focus()
  }

  const confirmDelete = async () => {
    setDeleting(false)
    try {
      const { message } = await remove.mutateAsync(id)
      toast.success(message)
      // The card and its button are gone: the list's heading takes the focus.
      listHeading.current?.focus()
    } catch {
      // The mutation's toast says it (lib/query-client).
    }
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-gray-900">
          {name}
        </h3>
        {hidden && <Badge tone="danger">Hidden</Badge>}
      </div>
      <p className="mt-1 break-words text-gray-700">{category.description}</p>
      <p className="mt-1 text-sm text-gray-700">{countOf(category.jobsCount, 'job', 'jobs')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button variant="neutral" size="sm" aria-label={`Edit ${name}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button ref={toggleRef} variant="neutral" size="sm" loading={hide.isPending} aria-label={`${hidden ? 'Unhide' : 'Hide'} ${name}`} onClick={() => void toggleHidden()}>
          {hidden ? 'Unhide' : 'Hide'}
        </Button>
        {category.jobsCount === 0 ? (
          <Button variant="danger-outline" size="sm" aria-label={`Delete ${name}`} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        ) : (
          <p className="text-sm text-gray-700">Has jobs: hide it instead</p>
        )}
      </div>
      {editing && (
        <Modal title={`Edit ${name}`} onClose={() => setEditing(false)}>
          <CategoryForm
            defaultValues={{ name, description: category.description }}
            submitLabel="Save"
            onCancel={() => setEditing(false)}
            onSubmit={async (fields) => {
              const { message } = await update.mutateAsync({ id, ...fields })
              toast.success(message)
              setEditing(false)
            }}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmationModal
          title="Delete this category?"
          text={`"${name}" will be gone for good. It has no jobs.`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </article>
  )
}

function CategoryList() {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { data, error, isPending } = useAdminCategories()
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-gray-900">
        All categories
      </h2>
      {error ? (
        <p className="mt-4 text-gray-800">{errorMessage(error, 'Could not fetch the categories.')}</p>
      ) : isPending ? (
        <Spinner label="Loading categories..." />
      ) : data.length === 0 ? (
        <p className="mt-4 text-gray-800">There are no categories yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-4 grid gap-4 md:grid-cols-2">
          {data.map((category) => (
            <li key={category._id}>
              <CategoryCard category={category} listHeading={headingRef} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Every category, hidden ones too: add one, edit its name and description, hide or show it, delete one without jobs. */
export function AdminCategories() {
  return (
    <>
      <AddCategory />
      <CategoryList />
    </>
  )
}
