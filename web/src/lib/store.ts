/** A minimal external store: React reads it with useSyncExternalStore, plain code with get/set. */
export function createStore<T extends object>(initial: () => T) {
  let state = initial()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  return {
    get: () => state,
    set(patch: Partial<T>) {
      state = { ...state, ...patch }
      notify()
    },
    /** Back to the initial state, read afresh (the unit tests start each test this way). */
    reset() {
      state = initial()
      notify()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** A value kept as JSON under `key` in local or session storage; none when missing or unreadable. */
export function readStored<T>(storage: Storage, key: string): T | undefined {
  try {
    const stored = storage.getItem(key)
    return stored ? (JSON.parse(stored) as T) : undefined
  } catch {
    return undefined
  }
}
