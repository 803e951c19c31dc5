import { Button } from '@/components/ui/button'

export type ApplicationsView = 'board' | 'list'

const VIEWS: { view: ApplicationsView; label: string }[] = [
  { view: 'board', label: 'Board' },
  { view: 'list', label: 'List' },
]

/** Board or list: two toggle buttons, the pressed one being the view shown. */
export function ViewToggle({ view, onChange }: { view: ApplicationsView; onChange: (view: ApplicationsView) => void }) {
  return (
    <div role="group" aria-label="View" className="mt-6 inline-flex gap-2">
      {VIEWS.map((each) => (
        <Button key={each.view} variant={each.view === view ? 'primary' : 'neutral'} size="sm" aria-pressed={each.view === view} onClick={() => onChange(each.view)}>
          {each.label}
        </Button>
      ))}
    </div>
  )
}
