/**
 * The viewer's browser says its time zone is `timeZone` (undefined: it says none), so times read the
 * same wherever the tests run. `vi.restoreAllMocks()` undoes it.
 */
export function viewerIn(timeZone: string | undefined) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions
  return vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone } as Intl.ResolvedDateTimeFormatOptions
  })
}
