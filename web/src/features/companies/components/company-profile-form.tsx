import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { serverMessage } from '@/lib/query-client'
import { useUpdateCompany } from '../api/update-company'
import { locationsText, parseLocations, sizeText } from '../format'
import { companySchema, MAX_LOCATIONS, type CompanyValues } from '../schemas'
import { SIZE_BANDS, type Company, type CompanyUpdate } from '../types'

const toValues = (company: Company): CompanyValues => ({
  name: company.name,
  website: company.website,
  about: company.about,
  sizeBand: company.sizeBand ?? '',
  headquarters: company.headquarters,
  locations: locationsText(company.locations),
})

const toBody = ({ locations, ...values }: CompanyValues): CompanyUpdate => ({ ...values, locations: parseLocations(locations) })

/**
 * docs/product.md#company-profile, for an owner: the whole profile, checked here with the server's limits and
 * messages; Save sends it, then "Company updated" and the form holds what the server kept.
 */
export function CompanyProfileForm({ company }: { company: Company }) {
  const { mutateAsync } = useUpdateCompany({ message: serverMessage('Could not update the company') })
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CompanyValues>({ resolver: zodResolver(companySchema), defaultValues: toValues(company) })

  const save = async (values: CompanyValues) => {
    try {
      const answer = await mutateAsync(toBody(values))
      toast.success('Company updated')
      reset(toValues(answer.company))
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <FormField
          label="Website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          error={errors.website?.message}
          {...register('website')}
        />
      </div>
      <TextAreaField label="About" rows={6} error={errors.about?.message} {...register('about')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Size" error={errors.sizeBand?.message} {...register('sizeBand')}>
          <option value="">Not said</option>
          {SIZE_BANDS.map((band) => (
            <option key={band} value={band}>
              {sizeText(band)}
            </option>
          ))}
        </SelectField>
        <FormField label="Headquarters" error={errors.headquarters?.message} {...register('headquarters')} />
      </div>
      <FormField
        label="Locations (separated by commas)"
        placeholder="e.g. Pune, Bengaluru, Remote"
        hint={`At most ${MAX_LOCATIONS} places`}
        error={errors.locations?.message}
        {...register('locations')}
      />
      <Button type="submit" loading={isSubmitting} className="self-end">
        Save
      </Button>
    </form>
  )
}
