import { useState } from 'react'

/**
 * State that starts from `value` and follows it whenever it changes (a search the URL holds, walked
 * with Back and Forward), so a control shows its change at once while the URL catches up.
 */
export function useFollowing<T>(value: T) {
  const [state, setState] = useState(value)
  const [followed, setFollowed] = useState(value)
  if (!Object.is(followed, value)) {
    setFollowed(value)
    setState(value)
  }
  return [state, setState] as const
}
