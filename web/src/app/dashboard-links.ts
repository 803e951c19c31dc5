import type { AnyAccountType } from '@/lib/auth'

/** `end`: the link is current on its own page only, not on the pages under it. */
type DashboardLink = { name: string; path: string; type?: AnyAccountType; end?: boolean }

/**
 * The dashboard's links (docs/product.md#dashboard), in order, each for everyone or for one account
 * type: the sidebar, and on a phone the header's menu.
 */
const DASHBOARD_LINKS: DashboardLink[] = [
  { name: 'My Profile', path: '/dashboard/my-profile' },
  { name: 'Company', path: '/dashboard/company', type: 'Recruiter' },
  { name: 'My Jobs', path: '/dashboard/my-jobs', type: 'Recruiter' },
  { name: 'Add Job', path: '/dashboard/add-job', type: 'Recruiter' },
  { name: 'Applications', path: '/dashboard/applications', type: 'Recruiter' },
  { name: 'Jobs for You', path: '/dashboard/jobs-for-you', type: 'Applicant' },
  { name: 'My Applications', path: '/dashboard/my-applications', type: 'Applicant' },
  { name: 'Saved Jobs', path: '/dashboard/saved-jobs', type: 'Applicant' },
  { name: 'Saved Searches', path: '/dashboard/saved-searches', type: 'Applicant' },
  { name: 'Overview', path: '/dashboard/admin', type: 'Admin', end: true },
  { name: 'Categories', path: '/dashboard/admin/categories', type: 'Admin' },
  // Not "Jobs": that name is the header's /jobs, which sits beside this link in the phone's menu.
  { name: 'Manage Jobs', path: '/dashboard/admin/jobs', type: 'Admin' },
  { name: 'Accounts', path: '/dashboard/admin/accounts', type: 'Admin' },
  { name: 'Companies', path: '/dashboard/admin/companies', type: 'Admin' },
  { name: 'Audit Log', path: '/dashboard/admin/audit', type: 'Admin' },
  { name: 'Settings', path: '/dashboard/settings' },
]

export const dashboardLinks = (accountType: AnyAccountType | null) =>
  DASHBOARD_LINKS.filter((link) => !link.type || link.type === accountType)
