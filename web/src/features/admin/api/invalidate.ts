import type { QueryClient } from '@tanstack/react-query'

/**
 * An Admin's change shows in the console (its lists, the overview's figures and the audit log) and
 * on the public side: the categories, every list of jobs and their category pages (a hidden job or
 * the jobs of a suspended recruiter or company leave them), and the companies' pages (a company
 * renamed, verified or suspended).
 */
export function invalidateAfterAdminChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['jobs'] }),
    queryClient.invalidateQueries({ queryKey: ['companies'] }),
  ])
}
