import type { Application } from '../types'

/**
 * What a change to one application (a move, a decision, a withdrawal, a rating, a note) makes new in
 * it; the rest of the listed application (its resume link, its job) stays as the list loaded it.
 */
export const changedParts = (changed: Application): Partial<Application> => ({
  status: changed.status,
  stage: changed.stage,
  stageLabel: changed.stageLabel,
  history: changed.history,
  ...(changed.rating !== undefined && { rating: changed.rating }),
  ...(changed.notesCount !== undefined && { notesCount: changed.notesCount }),
  ...(changed.rejectionReason !== undefined && { rejectionReason: changed.rejectionReason }),
})

/** `list` with `changed` in place of its old self (a list not loaded stays so). */
export const mergeApplication = <T extends Application>(list: T[] | undefined, changed: Application): T[] | undefined =>
  list?.map((each) => (each._id === changed._id ? { ...each, ...changedParts(changed) } : each))
