import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { LIST_VIEWS, type ListView } from '../api/get-applications'

export const LIST_VIEW_LABELS: Record<ListView, string> = {
  all: 'All',
  assigned: 'Assigned to me',
  review: 'Needs review',
}

/** The view the address asks for (`?view=assigned`, `?view=review`); all of them otherwise. */
export const readListView = (params: URLSearchParams): ListView => LIST_VIEWS.find((view) => view === params.get('view')) ?? 'all'

/**
 * Which of the recruiter's applications are shown, as links that keep it in the address (so a
 * reload or a shared link keeps it): the shown one is highlighted and marked current.
 */
export function ListViewLinks({ view }: { view: ListView }) {
  return (
    <nav aria-label="Show applications" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {LIST_VIEWS.map((each) => (
          <li key={each}>
            <Link
              to={{ search: each === 'all' ? '' : `?view=${each}` }}
              aria-current={each === view ? 'page' : undefined}
              className={buttonClasses({ variant: each === view ? 'primary' : 'neutral', size: 'sm' })}
            >
              {LIST_VIEW_LABELS[each]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
