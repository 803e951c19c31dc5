import { useState, type ReactNode } from 'react'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { useLogout } from '@/lib/auth'

/** This browser's push subscription ends with the session; its code loads only then, never on a guest's page. */
const endPushSubscription = () => void import('@/lib/pwa/push-subscription').then(({ unsubscribeThisBrowser }) => unsubscribeThisBrowser())

/**
 * Logout is an action that asks first (docs/product.md#navigation). The server forgets the devices
 * this login turned notifications on for; this browser's subscription ends here too.
 */
export function LogoutButton({ className, children = 'Logout', onDone }: { className?: string; children?: ReactNode; onDone?: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const logout = useLogout()
  return (
    <>
      <button type="button" className={className} onClick={() => setConfirming(true)}>
        {children}
      </button>
      {confirming && (
        <ConfirmationModal
          title="Are you sure?"
          text="You will be logged out of your account."
          confirmLabel="Logout"
          cancelLabel="Cancel"
          onConfirm={() => {
            setConfirming(false)
            onDone?.()
            endPushSubscription()
            void logout()
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  )
}
