import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'

/** The one update prompt: shown again, it stays the same toast. */
export const UPDATE_TOAST_ID = 'new-version'

/** "New version: reload" and its button; `onReload` runs once, however often the button is pressed. */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [reloading, setReloading] = useState(false)
  return (
    <span className="flex items-center gap-3">
      <span>New version: reload</span>
      <Button
        size="sm"
        loading={reloading}
        onClick={() => {
          setReloading(true)
          onReload()
        }}
      >
        Reload
      </Button>
    </span>
  )
}

/** Shows the prompt until the person reloads: a new version is waiting to take over the page. */
export function showUpdatePrompt(onReload: () => void) {
  toast(() => <UpdatePrompt onReload={onReload} />, { id: UPDATE_TOAST_ID, duration: Infinity })
}
