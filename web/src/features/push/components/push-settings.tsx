import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import type { AnyAccountType } from '@/lib/auth'
import { deviceLabel } from '@/lib/device-label'
import { formatDate } from '@/lib/format'
import { PUSH_KIND_LABELS, pushKindsOf, type PushKind } from '@/lib/push-kinds'
import { pushSupported } from '@/lib/pwa/push-subscription'
import { serverMessage } from '@/lib/query-client'
import { useBrowserEndpoint, useDevices, useSaveKinds, useTurnOff, useTurnOn } from '../api/push'
import type { PushDevice } from '../types'

/** Said when the person did not allow notifications when the browser asked. */
export const NOT_ALLOWED = 'Notifications were not allowed'
export const UNSUPPORTED = 'This browser cannot show notifications.'
export const BLOCKED = "Notifications are blocked for this site in your browser's settings."

/** The browser's answer so far: where it cannot show notifications at all, nothing was ever asked. */
const currentPermission = (): NotificationPermission => (pushSupported() ? Notification.permission : 'default')

/** Asks the browser for the permission, from the click itself (some browsers ask only then). */
const askPermission = (): Promise<NotificationPermission> => Notification.requestPermission().catch(() => Notification.permission)

function TurnOnButton({ kinds, onPermission }: { kinds: readonly PushKind[]; onPermission: (permission: NotificationPermission) => void }) {
  const [busy, setBusy] = useState(false)
  const turnOn = useTurnOn({ message: serverMessage('Could not turn on notifications on this device') })

  const start = async () => {
    setBusy(true)
    try {
      const permission = await askPermission()
      onPermission(permission)
      if (permission !== 'granted') {
        toast.error(NOT_ALLOWED)
        return
      }
      const { message } = await turnOn.mutateAsync({ label: deviceLabel(navigator.userAgent), kinds: [...kinds] })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-3">
      <p className="text-gray-700">Get a notification on this device when something new reaches you, even with the site closed.</p>
      <Button loading={busy} className="self-start" onClick={start}>
        Turn on notifications on this device
      </Button>
    </div>
  )
}

function TurnOffThisDevice({ device }: { device: PushDevice }) {
  const turnOff = useTurnOff({ message: serverMessage('Could not turn off notifications') })
  const stop = async () => {
    try {
      const { message } = await turnOff.mutateAsync({ deviceId: device._id, thisBrowser: true })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }
  return (
    <Button variant="danger-outline" loading={turnOff.isPending} onClick={stop}>
      Turn off notifications on this device
    </Button>
  )
}

type KindsValues = { kinds: PushKind[] }

/** This browser's kinds, one checkbox each among those of the account type, with Save and the way to turn it off. */
function ThisDeviceForm({ device, kinds }: { device: PushDevice; kinds: readonly PushKind[] }) {
  const descriptionId = useId()
  const save = useSaveKinds({ message: serverMessage('Could not save the settings') })
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<KindsValues>({ defaultValues: { kinds: device.kinds.filter((kind) => kinds.includes(kind)) } })

  const onSubmit = async (values: KindsValues) => {
    // A group of checkboxes gives the values checked; sent in the order they are shown.
    const chosen = Array.isArray(values.kinds) ? values.kinds : []
    try {
      const { message } = await save.mutateAsync({ deviceId: device._id, kinds: kinds.filter((kind) => chosen.includes(kind)) })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
      <fieldset aria-describedby={descriptionId}>
        <legend className="font-semibold text-gray-900">Notify me on this device about</legend>
        <p id={descriptionId} className="mt-1 text-gray-700">
          Notifications are on for this device ({device.label}). A notification says only what it is about; tapping it opens the page.
        </p>
        <div className="mt-3 flex flex-col gap-2">
          {kinds.map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-gray-900">
              <input type="checkbox" value={kind} className="h-5 w-5 rounded border-gray-500 accent-blue-700" {...register('kinds')} />
              {PUSH_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
        <TurnOffThisDevice device={device} />
      </div>
    </form>
  )
}

/** The person's other devices with notifications on, each of which can be turned off from here. */
function OtherDevices({ devices }: { devices: PushDevice[] }) {
  const headingId = useId()
  const turnOff = useTurnOff({ message: serverMessage('Could not turn off notifications') })
  if (devices.length === 0) return null
  const stop = async (device: PushDevice) => {
    try {
      const { message } = await turnOff.mutateAsync({ deviceId: device._id, thisBrowser: false })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }
  return (
    <div className="mt-6">
      <h3 id={headingId} className="font-semibold text-gray-900">
        Your other devices
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 divide-y divide-gray-200">
        {devices.map((device) => (
          <li key={device._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="flex flex-col">
              <span className="font-medium text-gray-900">{device.label}</span>
              <span className="text-gray-700">Added {formatDate(device.createdAt)}</span>
            </span>
            <Button
              variant="neutral"
              size="sm"
              aria-label={`Turn off ${device.label}`}
              loading={turnOff.isPending && turnOff.variables?.deviceId === device._id}
              onClick={() => stop(device)}
            >
              Turn off
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function PushSettings({ kinds }: { kinds: readonly PushKind[] }) {
  const supported = pushSupported()
  const [permission, setPermission] = useState(currentPermission)
  const devices = useDevices()
  const browser = useBrowserEndpoint()

  if (devices.isError) return <p className="mt-4 text-gray-800">Could not load your devices.</p>
  if (devices.isPending || (supported && browser.isPending)) return <Spinner label="Loading your devices..." />

  // This browser is the device the server knows by its subscription's address.
  const endpoint = browser.data ?? null
  const thisDevice = endpoint === null ? undefined : devices.data.find((device) => device.endpoint === endpoint)
  const others = devices.data.filter((device) => device !== thisDevice)

  return (
    <>
      {!supported ? (
        <p className="mt-4 text-gray-700">{UNSUPPORTED}</p>
      ) : permission === 'denied' ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-gray-700">{BLOCKED}</p>
          {thisDevice && <TurnOffThisDevice device={thisDevice} />}
        </div>
      ) : thisDevice ? (
        <ThisDeviceForm key={thisDevice._id} device={thisDevice} kinds={kinds} />
      ) : (
        <TurnOnButton kinds={kinds} onPermission={setPermission} />
      )}
      <OtherDevices devices={others} />
    </>
  )
}

/** The kinds of notification this account type can take on a device: the section is only for those who take some. */
export const hasPushSettings = (accountType: AnyAccountType | null) => pushKindsOf(accountType).length > 0

/**
 * Settings' "Notifications on this device" (docs/product.md#notifications-on-this-device): turning
 * pushes on for this browser, the kinds it takes, turning it off, and the person's other devices.
 */
export function PushSettingsSection({ accountType }: { accountType: AnyAccountType }) {
  return (
    <Panel title="Notifications on this device">
      <PushSettings kinds={pushKindsOf(accountType)} />
    </Panel>
  )
}
