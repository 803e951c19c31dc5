import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { formatCount } from '@/lib/format'
import { POSTED_WITHIN } from '../search'
import { JOB_TYPES, WORK_MODES, type JobFacets } from '../types'
import type { JobSearchFormState } from './use-job-search-form'

const SALARY_ERROR = 'Enter a whole number of rupees'

/** Names a filter's value with its count: "Engineering (56)" once the facets are known. */
type Counted = (name: string, count: number | undefined) => string

/** "Engineering (56)", "Remote (12)", "Last 7 days (30)" once the facets are known; a value they leave out has none. */
const countedBy =
  (facets: JobFacets | undefined): Counted =>
  (name, count) =>
    facets ? `${name} ${formatCount(count ?? 0, facets.exact !== false)}` : name

type Props = {
  form: JobSearchFormState
  /** The searched words: with none, there is no order to choose. */
  q: string
  categories: { _id: string; name: string }[] | undefined
  categoriesLoading: boolean
  facets: JobFacets | undefined
  /** The id of the form the typed boxes belong to, when it is not the one around them. */
  typedIn: string | undefined
}

/** The category, location, minimum salary and age filters. */
function FilterFields({ form, categories, categoriesLoading, facets, typedIn, counted }: Omit<Props, 'q'> & { counted: Counted }) {
  const { shown, choose, location, salary } = form
  // A linked category that is not (or not yet) in the list is still shown as the one chosen.
  const unknownCategory = shown.category !== '' && !categories?.some((category) => category._id === shown.category)
  return (
    <div className="grid items-start gap-4 @xl:grid-cols-2">
      <SelectField label="Category" value={shown.category} onChange={(event) => choose({ category: event.target.value })}>
        <option value="">All categories</option>
        {categories?.map((category) => (
          <option key={category._id} value={category._id}>
            {counted(category.name, facets?.categories[category._id])}
          </option>
        ))}
        {unknownCategory && <option value={shown.category}>{categoriesLoading ? 'Loading...' : 'Unknown category'}</option>}
      </SelectField>
      <FormField label="Location" type="text" value={location.typed} onChange={(event) => location.setTyped(event.target.value)} autoComplete="off" form={typedIn} />
      <FormField
        label="Minimum salary (₹ per month)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={salary.typed}
        onChange={(event) => salary.setTyped(event.target.value)}
        error={salary.value === undefined ? SALARY_ERROR : undefined}
        form={typedIn}
      />
      <SelectField
        label="Posted within"
        value={shown.postedWithin ?? ''}
        onChange={(event) => choose({ postedWithin: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">Any time</option>
        {POSTED_WITHIN.map(({ days, label }) => (
          <option key={days} value={days}>
            {counted(label, facets?.postedWithin[days])}
          </option>
        ))}
      </SelectField>
    </div>
  )
}

/** A group of checkboxes under its legend, one a value, each labelled with its count. */
function CheckboxGroup<T extends string>({ legend, values, chosen, onToggle, label }: { legend: string; values: readonly T[]; chosen: T[]; onToggle: (value: T) => void; label: (value: T) => string }) {
  return (
    <fieldset>
      <legend className="font-medium text-gray-900">{legend}</legend>
      <div className="flex flex-col @xs:flex-row @xs:flex-wrap @xs:gap-x-4">
        {values.map((value) => (
          <label key={value} className="flex items-center gap-2 py-2 text-gray-800">
            <input type="checkbox" checked={chosen.includes(value)} onChange={() => onToggle(value)} className="h-5 w-5" />
            {label(value)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * Every filter of the jobs page, each value with the count the facets give it. Laid out by the room
 * it is given: one column in the desktop's rail and on a phone, two in a tablet's sheet.
 */
export function JobFilters({ form, q, facets, ...fields }: Props) {
  const { shown, choose, toggleType, toggleMode } = form
  const counted = countedBy(facets)
  return (
    <div className="space-y-4 @container">
      <FilterFields form={form} facets={facets} counted={counted} {...fields} />
      {/* Two columns of their own: counts arriving in the labels never wrap one under the other. */}
      <div className="grid gap-x-8 gap-y-4 @xl:grid-cols-2">
        <CheckboxGroup legend="Job type" values={JOB_TYPES} chosen={shown.jobTypes} onToggle={toggleType} label={(type) => counted(type, facets?.jobTypes[type])} />
        <CheckboxGroup legend="Work mode" values={WORK_MODES} chosen={shown.workModes} onToggle={toggleMode} label={(mode) => counted(mode, facets?.workModes[mode])} />
      </div>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <label className="flex items-center gap-2 py-2 text-gray-800">
          <input type="checkbox" checked={shown.showClosed} onChange={(event) => choose({ showClosed: event.target.checked })} className="h-5 w-5" />
          Show closed jobs
        </label>
        {/* Without words the server lists the newest first anyway. */}
        {q && (
          <SelectField label="Sort by" value={shown.sort} onChange={(event) => choose({ sort: event.target.value === 'newest' ? 'newest' : 'relevance' })}>
            <option value="relevance">Best match</option>
            <option value="newest">Newest</option>
          </SelectField>
        )}
      </div>
    </div>
  )
}
