import type { QueryClient } from '@tanstack/react-query'

/**
 * An Admin's change shows in the console (its lists, the overview's figures and the audit log) and
 * on the public side: the categories, and every list of jobs and their category pages (a hidden job
 * or a suspended recruiter's jobs leave them).
 */
export function invalidateAfterAdminChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  ])
}
