import { useEffect } from 'react'
import { Toaster, toast, useToasterStore } from 'react-hot-toast'
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH,
  TOAST_REMOVE_DELAY_MS,
} from './constants'

const toastOptions = {
  duration: TOAST_DURATION_MS.blank,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  style: { maxWidth: TOAST_MAX_WIDTH },
  blank: { duration: TOAST_DURATION_MS.blank },
  error: { duration: TOAST_DURATION_MS.error },
  success: { duration: TOAST_DURATION_MS.success },
  loading: { duration: TOAST_DURATION_MS.loading },
  custom: { duration: TOAST_DURATION_MS.custom },
}

/**
 * The Toaster with the constants of docs/product.md#constants; toasts beyond the limit are dismissed
 * oldest first. They rise from the bottom of the screen, so none covers the header or a page's heading.
 */
export function AppToaster() {
  const { toasts } = useToasterStore()

  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id))
  }, [toasts])

  return <Toaster position="bottom-center" toastOptions={toastOptions} />
}
