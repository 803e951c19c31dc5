import { useId, useState, type DragEvent } from 'react'
import { moveTargets, STAGE_NAMES, type Stage } from '../stages'
import type { Application } from '../types'
import { DRAG_TYPE, StageCard } from './stage-card'

type Props = {
  stage: Stage
  applications: Application[]
  /** The card being dragged, if any. */
  dragged: Application | null
  /** The board's application of an id: what a drop names, whether or not `dragged` has been drawn yet. */
  find: (id: string) => Application | undefined
  movingId: string | null
  focusId: string | null
  onFocused: () => void
  onDrop: (application: Application) => void
  onMove: (application: Application, stage: Stage) => void
  onDragStart: (application: Application) => void
  onDragEnd: () => void
  onDetails: (application: Application) => void
  onMessages?: (application: Application) => void
}

/** One stage of the board: its heading with the count ("Interview (2)"), its cards, and a place to drop a card. */
export function StageColumn({ stage, applications, dragged, find, movingId, focusId, onFocused, onDrop, onMove, onDragStart, onDragEnd, onDetails, onMessages }: Props) {
  const headingId = useId()
  const [over, setOver] = useState(false)
  const accepts = dragged !== null && moveTargets(dragged.stage).includes(stage)

  // A drag that began before its card was drawn as dragged (a fast mouse) still carries the card's
  // id: the column takes it, and the drop checks the move.
  const carriesCard = (event: DragEvent) => event.dataTransfer?.types.includes(DRAG_TYPE) ?? false
  const onDragOver = (event: DragEvent) => {
    if (dragged ? !accepts : !carriesCard(event)) return
    event.preventDefault()
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move'
    setOver(true)
  }
  const drop = (event: DragEvent) => {
    setOver(false)
    const id = event.dataTransfer?.getData(DRAG_TYPE)
    const application = (id ? find(id) : undefined) ?? dragged
    if (!application || !moveTargets(application.stage).includes(stage)) return
    event.preventDefault()
    onDrop(application)
  }

  return (
    <section
      aria-labelledby={headingId}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex min-w-0 flex-col rounded-lg border-2 p-3 md:w-64 md:shrink-0 xl:w-auto xl:p-1 ${over ? 'border-dashed border-primary bg-primary-soft' : accepts ? 'border-dashed border-gray-500 bg-gray-50' : 'border-transparent bg-gray-100'}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-gray-900 xl:px-1 xl:text-sm">
        {STAGE_NAMES[stage]} ({applications.length})
      </h2>
      {accepts && <p className="text-sm text-gray-700 xl:px-1 xl:text-xs">Drop here to move to {STAGE_NAMES[stage]}</p>}
      {applications.length === 0 ? (
        <p className="mt-2 min-h-12 text-sm text-gray-700 xl:px-1 xl:text-xs">No applications</p>
      ) : (
        <ul className="mt-2 flex min-h-12 flex-col gap-3 xl:gap-1.5" aria-labelledby={headingId}>
          {applications.map((application) => (
            <li key={application._id}>
              <StageCard
                application={application}
                moving={movingId === application._id}
                focusNow={focusId === application._id}
                onFocused={onFocused}
                onMove={(target) => onMove(application, target)}
                onDragStart={() => onDragStart(application)}
                onDragEnd={onDragEnd}
                onDetails={() => onDetails(application)}
                onMessages={onMessages && (() => onMessages(application))}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
