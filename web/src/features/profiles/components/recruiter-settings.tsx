import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { useRecruiterDetails } from '../api/get-recruiter-details'
import { CONTACT_NUMBER_HINT, recruiterProfileSchema } from '../schemas'
import type { ProfileUpdateResponse, RecruiterDetails } from '../types'
import { SaveButton } from './save-button'
import { useSaveProfile, type Names } from './use-save-profile'
import { Panel } from '@/components/ui/panel'

type Props = { names: Names; onSaved: (response: ProfileUpdateResponse) => void }

/** A recruiter's Settings: names, company, position and contact number. */
export function RecruiterSettings({ names, onSaved }: Props) {
  const { data, isPending } = useRecruiterDetails()
  if (isPending) return <Spinner label="Loading profile..." />
  if (!data) return null
  return (
    <Panel title="Profile Information">
      <Form details={data} names={names} onSaved={onSaved} />
    </Panel>
  )
}

function Form({ details, names, onSaved }: { details: RecruiterDetails; names: Names; onSaved: Props['onSaved'] }) {
  const save = useSaveProfile(onSaved)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(recruiterProfileSchema),
    defaultValues: { ...names, company: details.company ?? '', position: details.position ?? '', contactNumber: details.contactNumber ?? '' },
  })

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <FormField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        <FormField label="Company" autoComplete="organization" error={errors.company?.message} {...register('company')} />
        <FormField label="Position" autoComplete="organization-title" error={errors.position?.message} {...register('position')} />
        <FormField
          label="Contact Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={CONTACT_NUMBER_HINT}
          error={errors.contactNumber?.message}
          {...register('contactNumber')}
        />
      </div>
      <SaveButton busy={isSubmitting} />
    </form>
  )
}
