import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { PushKind } from '@/lib/push-kinds'
import { browserSubscription, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from '@/lib/pwa/push-subscription'
import type { MutationErrorToast } from '@/lib/query-client'
import type { PushDevice } from '../types'

/** The signed-in person's devices with notifications on, newest first. */
export const getDevices = async (): Promise<PushDevice[]> => (await payload(api.GET('/auth/push/devices'))).devices

/** Keyed by the user (the cache is cleared on every login and logout anyway); the section says a failure in place. */
export const devicesQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['push', 'devices', userId], queryFn: getDevices, enabled: userId !== null, meta: { errorToast: false } })

export function useDevices() {
  const { userId } = useSession()
  return useQuery(devicesQueryOptions(userId))
}

/** The push service's address of this browser's subscription, null without one (or where pushes are not supported). */
const BROWSER_KEY = ['push', 'browser'] as const

export function useBrowserEndpoint() {
  return useQuery({
    queryKey: BROWSER_KEY,
    queryFn: async () => (await browserSubscription())?.endpoint ?? null,
    enabled: pushSupported(),
    staleTime: Infinity,
    meta: { errorToast: false },
  })
}

/** The devices list, and this browser's subscription, as a change left them. */
function useDevicesHere() {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const { queryKey } = devicesQueryOptions(userId)
  return {
    set: (change: (devices: PushDevice[]) => PushDevice[]) => queryClient.setQueryData<PushDevice[]>(queryKey, (devices) => (devices ? change(devices) : devices)),
    setBrowser: (endpoint: string | null) => queryClient.setQueryData(BROWSER_KEY, endpoint),
    refetch: () => queryClient.invalidateQueries({ queryKey }),
  }
}

export type TurnOn = { label: string; kinds: PushKind[] }

/**
 * Turns notifications on for this browser, once the person has allowed them: subscribes it with
 * the server's key and sends the subscription, its label and kinds. A refused subscription is
 * ended again, so the browser is left as it was.
 */
async function turnOn({ label, kinds }: TurnOn) {
  const { publicKey } = await payload(api.GET('/push/key'))
  const subscription = await subscribeThisBrowser(publicKey)
  const { endpoint, keys } = subscription.toJSON()
  try {
    return await payload(api.POST('/auth/push/devices', { body: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth }, label, kinds } }))
  } catch (error) {
    await subscription.unsubscribe().catch(() => false)
    throw error
  }
}

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useTurnOn(errorToast?: MutationErrorToast<TurnOn> | false) {
  const here = useDevicesHere()
  return useMutation({
    mutationFn: turnOn,
    onSuccess: ({ device }) => {
      here.set((devices) => [device, ...devices.filter((each) => each._id !== device._id)])
      here.setBrowser(device.endpoint)
    },
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

export type KindsChange = { deviceId: string; kinds: PushKind[] }

export function useSaveKinds(errorToast?: MutationErrorToast<KindsChange> | false) {
  const here = useDevicesHere()
  return useMutation({
    mutationFn: ({ deviceId, kinds }: KindsChange) => payload(api.PUT('/auth/push/devices/{deviceId}', { params: { path: { deviceId } }, body: { kinds } })),
    onSuccess: ({ device }) => here.set((devices) => devices.map((each) => (each._id === device._id ? device : each))),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

/** `thisBrowser`: the device is this browser, whose subscription ends too once the server forgot it. */
export type TurnOff = { deviceId: string; thisBrowser: boolean }

export function useTurnOff(errorToast?: MutationErrorToast<TurnOff> | false) {
  const here = useDevicesHere()
  return useMutation({
    mutationFn: async ({ deviceId, thisBrowser }: TurnOff) => {
      const answer = await payload(api.DELETE('/auth/push/devices/{deviceId}', { params: { path: { deviceId } } }))
      if (thisBrowser) await unsubscribeThisBrowser()
      return answer
    },
    onSuccess: (_answer, { deviceId, thisBrowser }) => {
      here.set((devices) => devices.filter((each) => each._id !== deviceId))
      if (thisBrowser) here.setBrowser(null)
    },
    onSettled: here.refetch,
    meta: { errorToast },
  })
}
