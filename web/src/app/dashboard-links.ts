import type { AccountType } from '@/features/auth/types'

type DashboardLink = { name: string; path: string; type?: AccountType }

/** SPEC section 2 "Dashboard", in its order (with Jobs for You, Saved Jobs and Saved Searches added for applicants): the sidebar, and on a phone the header's menu. */
const DASHBOARD_LINKS: DashboardLink[] = [
  { name: 'My Profile', path: '/dashboard/my-profile' },
  { name: 'My Jobs', path: '/dashboard/my-jobs', type: 'Recruiter' },
  { name: 'Add Job', path: '/dashboard/add-job', type: 'Recruiter' },
  { name: 'Applications', path: '/dashboard/applications', type: 'Recruiter' },
  { name: 'Jobs for You', path: '/dashboard/jobs-for-you', type: 'Applicant' },
  { name: 'My Applications', path: '/dashboard/my-applications', type: 'Applicant' },
  { name: 'Saved Jobs', path: '/dashboard/saved-jobs', type: 'Applicant' },
  { name: 'Saved Searches', path: '/dashboard/saved-searches', type: 'Applicant' },
  { name: 'Settings', path: '/dashboard/settings' },
]

export const dashboardLinks = (accountType: AccountType | 'Admin' | null) =>
  DASHBOARD_LINKS.filter((link) => !link.type || link.type === accountType)
