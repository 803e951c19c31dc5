import { zodResolver } from '@hookform/resolvers/zod'
import { useRef } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { parseSkills, skillsText } from '../format'
import { applicantProfileSchema, type ApplicantProfileValues } from '../schemas'
import type { ApplicantDetails, ProfileUpdateResponse } from '../types'
import { SaveButton } from './save-button'
import { useSaveProfile, type Names } from './use-save-profile'
import { Button } from '@/components/ui/button'

type Props = { details: ApplicantDetails; names: Names; onSaved: (response: ProfileUpdateResponse) => void }

const toBody = ({ education, skills, ...values }: ApplicantProfileValues) => ({
  ...values,
  skills: parseSkills(skills),
  education: education.map(({ _id, institutionName, startYear, endYear }) => ({
    ...(_id ? { _id } : {}),
    institutionName,
    startYear: Number(startYear),
    endYear: endYear === '' ? null : Number(endYear),
  })),
})

/** Settings for an applicant: names, about text, skills as comma-separated text, and education rows. */
export function ApplicantProfileForm({ details, names, onSaved }: Props) {
  const save = useSaveProfile(onSaved)
  const addRef = useRef<HTMLButtonElement>(null)
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(applicantProfileSchema),
    defaultValues: {
      ...names,
      profile: details.profile ?? '',
      skills: skillsText(details.skills),
      education: details.education.map(({ _id, institutionName, startYear, endYear }) => ({
        _id,
        institutionName,
        startYear: String(startYear),
        endYear: endYear === null ? '' : String(endYear),
      })),
    },
  })
  const { fields, append, remove } = useFieldArray({ control, name: 'education' })

  return (
    <form noValidate onSubmit={handleSubmit((values) => save(toBody(values)))} className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <FormField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextAreaField label="About" rows={4} placeholder="Write Something About Yourself" error={errors.profile?.message} {...register('profile')} />
      <FormField label="Skills (separated by commas)" placeholder="e.g. React, SQL, Communication" error={errors.skills?.message} {...register('skills')} />

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold text-gray-900">Education</legend>
        {fields.length === 0 && <p className="text-gray-700">No education details available.</p>}
        {fields.map((field, index) => {
          const rowErrors = errors.education?.[index]
          return (
            <fieldset key={field.id} className="rounded-md border border-gray-300 p-4">
              <legend className="px-1 font-medium text-gray-900">{`Education ${index + 1}`}</legend>
              <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
                <FormField label="Institution Name" error={rowErrors?.institutionName?.message} {...register(`education.${index}.institutionName`)} />
                <FormField label="Start Year" inputMode="numeric" error={rowErrors?.startYear?.message} {...register(`education.${index}.startYear`)} />
                <FormField label="End Year (optional)" inputMode="numeric" error={rowErrors?.endYear?.message} {...register(`education.${index}.endYear`)} />
              </div>
              <button
                type="button"
                aria-label={`Remove Education ${index + 1}`}
                onClick={() => {
                  remove(index)
                  addRef.current?.focus()
                }}
                className="mt-3 rounded-md border border-red-700 px-3 py-1 font-semibold text-red-800 hover:bg-red-50"
              >
                Remove
              </button>
            </fieldset>
          )
        })}
        <Button ref={addRef} variant="secondary" onClick={() => append({ institutionName: '', startYear: '', endYear: '' })} className="self-start">
          Add Education
        </Button>
      </fieldset>
      <SaveButton busy={isSubmitting} />
    </form>
  )
}
