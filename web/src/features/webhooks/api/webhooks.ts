import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import { DELIVERY_PAGE, type EndpointChange, type NewEndpoint, type WebhookDelivery, type WebhookEndpoint } from '../types'

/** Every webhook query of the signed-in recruiter (the cache is cleared on every login and logout anyway). */
const webhooksKey = (userId: string | null) => ['webhooks', userId] as const

/** GET /company/webhooks: the company's endpoints, the first made first. */
export async function getEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { endpoints } = await payload(api.GET('/company/webhooks', { signal }))
  return endpoints
}

/** The section says a failure in place. */
export const endpointsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...webhooksKey(userId), 'endpoints'],
    queryFn: ({ signal }) => getEndpoints(signal),
    enabled: userId !== null,
    meta: { errorToast: false },
  })

/** The caller's company's endpoints; asked for only where the screen shows them (its owners and recruiters). */
export function useEndpoints() {
  const { userId } = useSession()
  return useQuery(endpointsQueryOptions(userId))
}

/** GET /company/webhooks/{endpointId}/deliveries: a page of its log, the newest first; `before`: the last `_id` of the page before. */
export async function getDeliveries(endpointId: string, before?: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const query = before ? { limit: DELIVERY_PAGE, before } : { limit: DELIVERY_PAGE }
  const { deliveries } = await payload(api.GET('/company/webhooks/{endpointId}/deliveries', { params: { path: { endpointId }, query }, signal }))
  return deliveries
}

/** An endpoint's log, page by page from the newest: a full page may have older ones after it. The log says a failure in place. */
export const deliveriesQueryOptions = (endpointId: string, userId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...webhooksKey(userId), 'deliveries', endpointId],
    queryFn: ({ pageParam, signal }) => getDeliveries(endpointId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: WebhookDelivery[]) => (last.length >= DELIVERY_PAGE ? last.at(-1)?._id : undefined),
    enabled: userId !== null,
    meta: { errorToast: false },
  })

export function useDeliveries(endpointId: string) {
  const { userId } = useSession()
  return useInfiniteQuery(deliveriesQueryOptions(endpointId, userId))
}

/** The list as a change left it, then every webhook query fetched again (turning an endpoint off gives up its waiting deliveries). */
function useEndpointsHere() {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const { queryKey } = endpointsQueryOptions(userId)
  return {
    set: (change: (endpoints: WebhookEndpoint[]) => WebhookEndpoint[]) =>
      queryClient.setQueryData<WebhookEndpoint[]>(queryKey, (held) => (held ? change(held) : held)),
    refetch: () => queryClient.invalidateQueries({ queryKey: webhooksKey(userId) }),
  }
}

/** The endpoints with `endpoint` in place of the one it was. */
const replacing = (endpoint: WebhookEndpoint) => (endpoints: WebhookEndpoint[]) => endpoints.map((each) => (each._id === endpoint._id ? endpoint : each))

/** POST /company/webhooks: the answer carries the endpoint's signing secret, which is never shown again. */
export const createEndpoint = (body: NewEndpoint) => payload(api.POST('/company/webhooks', { body }))

type Change = { endpointId: string; change: EndpointChange }

/** PUT /company/webhooks/{endpointId}: what `change` names changes, the rest stays. */
export const updateEndpoint = ({ endpointId, change }: Change) =>
  payload(api.PUT('/company/webhooks/{endpointId}', { params: { path: { endpointId } }, body: change }))

/** DELETE /company/webhooks/{endpointId}: the endpoint goes, with its delivery log. */
export const deleteEndpoint = (endpointId: string) => payload(api.DELETE('/company/webhooks/{endpointId}', { params: { path: { endpointId } } }))

/** POST /company/webhooks/{endpointId}/rotate: a new signing secret, shown this once; the old one also signs for 24 hours. */
export const rotateSecret = (endpointId: string) => payload(api.POST('/company/webhooks/{endpointId}/rotate', { params: { path: { endpointId } } }))

/** POST .../deliveries/{deliveryId}/redeliver: the delivery is sent again, now, with the same `webhook-id` and body. */
export const redeliver = (endpointId: string, deliveryId: string) =>
  payload(api.POST('/company/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver', { params: { path: { endpointId, deliveryId } } }))

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useCreateEndpoint(errorToast?: MutationErrorToast<NewEndpoint> | false) {
  const here = useEndpointsHere()
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: ({ endpoint }) => here.set((endpoints) => [...endpoints.filter((each) => each._id !== endpoint._id), endpoint]),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

export function useUpdateEndpoint(errorToast?: MutationErrorToast<Change> | false) {
  const here = useEndpointsHere()
  return useMutation({
    mutationFn: updateEndpoint,
    onSuccess: ({ endpoint }) => here.set(replacing(endpoint)),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

export function useDeleteEndpoint(errorToast?: MutationErrorToast<string> | false) {
  const here = useEndpointsHere()
  return useMutation({
    mutationFn: deleteEndpoint,
    onSuccess: (_answer, endpointId) => here.set((endpoints) => endpoints.filter((each) => each._id !== endpointId)),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

export function useRotateSecret(errorToast?: MutationErrorToast<string> | false) {
  const here = useEndpointsHere()
  return useMutation({
    mutationFn: rotateSecret,
    onSuccess: ({ endpoint }) => here.set(replacing(endpoint)),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

/** Redelivering shows the delivery as the server now has it, then fetches the endpoint's log again. */
export function useRedeliver(endpointId: string, errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const { queryKey } = deliveriesQueryOptions(endpointId, userId)
  return useMutation({
    mutationFn: (deliveryId: string) => redeliver(endpointId, deliveryId),
    onSuccess: ({ delivery }) =>
      queryClient.setQueryData<InfiniteData<WebhookDelivery[], string | undefined>>(queryKey, (log) =>
        log ? { ...log, pages: log.pages.map((page) => page.map((each) => (each._id === delivery._id ? delivery : each))) } : log,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
    meta: { errorToast },
  })
}
