import { useId } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { serverMessage } from '@/lib/query-client'
import { useRateApplication } from '../api/pipeline-mutations'
import { starsName } from '../stages'
import type { Application } from '../types'

const STARS = [1, 2, 3, 4, 5] as const

/** What a card says of its rating: "4 of 5 stars", or "Not rated". */
export const ratingText = (rating: number | null | undefined) => (rating ? `${rating} of 5 stars` : 'Not rated')

/**
 * The recruiter's private rating, 1 to 5: a group of radio buttons ("1 star" ... "5 stars") drawn as
 * stars (filled or hollow, so the shape says it, not only the colour), and "Clear rating". Each
 * choice is saved at once.
 */
export function Rating({ jobId, application }: { jobId: string; application: Application }) {
  const name = useId()
  const rate = useRateApplication(jobId, { message: serverMessage('Could not save the rating') })
  const current = application.rating ?? null

  const save = async (rating: number | null) => {
    try {
      const { message } = await rate.mutateAsync({ applicationId: application._id, rating })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <fieldset aria-busy={rate.isPending || undefined} className="mt-6">
      <legend className="font-semibold text-gray-900">
        Rating
      </legend>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <div className="flex">
          {STARS.map((stars) => (
            <label key={stars} className="cursor-pointer p-0.5">
              <input
                type="radio"
                name={name}
                value={stars}
                checked={current === stars}
                onChange={() => void save(stars)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="block rounded px-0.5 text-3xl leading-none text-amber-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
              >
                {current !== null && stars <= current ? '★' : '☆'}
              </span>
              <span className="sr-only">{starsName(stars)}</span>
            </label>
          ))}
        </div>
        <span className="text-gray-700">{ratingText(current)}</span>
        <Button variant="link" onClick={() => void save(null)}>
          Clear rating
        </Button>
      </div>
    </fieldset>
  )
}
