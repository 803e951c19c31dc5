import { useEffect, useEffectEvent, useState, type FormEvent } from 'react'
import { jobSearchParams, parseSalary, SEARCH_DEBOUNCE_MS, type JobSearch } from '../search'
import type { JobType, WorkMode } from '../types'

/** Changes the search; `replace` keeps typing from filling the history with every pause. */
export type OnJobSearch = (patch: Partial<JobSearch>, replace?: boolean) => void

const trimmed = (typed: string) => typed.trim()

/** The URL form of a typed salary ('' for none), or undefined while it is not a whole number. */
function typedSalary(typed: string) {
  const salary = parseSalary(typed)
  return salary === undefined ? undefined : salary === null ? '' : String(salary)
}

/** The searched minimum salary in the box's form: '' for none. */
const searchedSalary = (search: JobSearch) => (search.salaryMin === null ? '' : String(search.salaryMin))

/** The list with `value` added, or taken out when it is already there. */
const toggled = <T>(list: T[], value: T) => (list.includes(value) ? list.filter((each) => each !== value) : [...list, value])

/**
 * A box that searches after a pause. The box holds what is typed, the URL what was searched (`read`
 * turns the one into the other, undefined while it is no valid search). Back and forward change the
 * URL, and then the box follows it, unless it differs only by what `read` ignores, like spaces
 * still being typed.
 */
function useTypedFilter(searched: string, apply: (value: string) => void, read: (typed: string) => string | undefined = trimmed) {
  const [typed, setTyped] = useState(searched)
  const [shown, setShown] = useState(searched)
  if (shown !== searched) {
    setShown(searched)
    if (read(typed) !== searched) setTyped(searched)
  }
  const value = read(typed)
  // `apply` reads the URL when it runs, so only the typed and the searched values restart the pause.
  const onPause = useEffectEvent(apply)
  useEffect(() => {
    if (value === undefined || value === searched) return
    const timer = setTimeout(() => onPause(value), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value, searched])
  return { typed, setTyped, value }
}

export type TypedFilter = ReturnType<typeof useTypedFilter>

/**
 * The choices of the selects and checkboxes as shown. The router applies a URL change in a
 * transition, so a control set by the URL alone would show its old state for a moment: a choice
 * shows at once, until the URL catches up.
 */
function useChoices(search: JobSearch, onSearch: OnJobSearch) {
  const urlKey = jobSearchParams(search).toString()
  const [pending, setPending] = useState<Partial<JobSearch>>({})
  const [settledKey, setSettledKey] = useState(urlKey)
  if (settledKey !== urlKey) {
    setSettledKey(urlKey)
    setPending({})
  }
  const shown = { ...search, ...pending }
  /** Shows the patch at once, before the URL has it. */
  const show = (patch: Partial<JobSearch>) => setPending({ ...pending, ...patch })
  const choose = (patch: Partial<JobSearch>) => {
    show(patch)
    onSearch(patch)
  }
  const toggleType = (type: JobType) => choose({ jobTypes: toggled(shown.jobTypes, type) })
  const toggleMode = (mode: WorkMode) => choose({ workModes: toggled(shown.workModes, mode) })
  return { shown, show, choose, toggleType, toggleMode }
}

type Options = {
  search: JobSearch
  onSearch: OnJobSearch
  /** How many filters are on. */
  filterCount: number
  /** Turns every filter off, keeping the words. */
  onClearFilters: () => void
}

/**
 * The state of the job search form: its typed boxes (searched after a pause, or at once by Enter),
 * its choices as shown, and the clearing of every filter.
 */
export function useJobSearchForm({ search, onSearch, filterCount, onClearFilters }: Options) {
  const words = useTypedFilter(search.q, (q) => onSearch({ q }, true))
  const location = useTypedFilter(search.location, (location) => onSearch({ location }, true))
  const salary = useTypedFilter(searchedSalary(search), (value) => onSearch({ salaryMin: value ? Number(value) : null }, true), typedSalary)
  const { shown, show, choose, toggleType, toggleMode } = useChoices(search, onSearch)

  /** Enter in any box searches every typed box at once, without waiting for the pause. */
  const searchTyped = (event: FormEvent) => {
    event.preventDefault()
    const patch: Partial<JobSearch> = {}
    if (words.value !== search.q) patch.q = words.value
    if (location.value !== search.location) patch.location = location.value
    if (salary.value !== undefined && salary.value !== searchedSalary(search)) patch.salaryMin = salary.value ? Number(salary.value) : null
    if (Object.keys(patch).length > 0) onSearch(patch, true)
  }

  // A filter typed but not yet searched counts too: clearing must not let its pause bring it back.
  const canClear = filterCount > 0 || location.typed.trim() !== '' || salary.typed.trim() !== ''
  const clear = () => {
    if (!canClear) return
    location.setTyped('')
    salary.setTyped('')
    show({ jobTypes: [], workModes: [], postedWithin: null, showClosed: false })
    onClearFilters()
  }

  return { words, location, salary, shown, choose, toggleType, toggleMode, searchTyped, canClear, clear }
}

export type JobSearchFormState = ReturnType<typeof useJobSearchForm>
