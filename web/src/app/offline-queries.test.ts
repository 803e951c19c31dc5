import { applicationsQueryOptions, jobApplicationsQueryOptions } from '@/features/applications/api/get-applications'
import { applicationInterviewsQueryOptions, interviewQueryOptions } from '@/features/interviews/api/interviews'
import { jobQueryOptions } from '@/features/jobs/api/get-job'
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs'
import { savedJobsQueryOptions } from '@/features/jobs/api/saved-jobs'
import { parseJobSearch } from '@/features/jobs/search'
import { conversationQueryOptions } from '@/features/messages/api/messages'
import { applicantDetailsQueryOptions } from '@/features/profiles/api/get-applicant-details'
import { notificationsQueryOptions } from '@/features/notifications/api/notifications'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { keptOffline } from './offline-queries'

test('the queries kept for offline are the saved jobs, a job opened, My Applications, each conversation and the interviews', () => {
  const kept = [
    savedJobsQueryOptions('u-ann').queryKey,
    jobQueryOptions('j1').queryKey,
    applicationsQueryOptions('u-ann').queryKey,
    conversationQueryOptions('a1').queryKey,
    applicationInterviewsQueryOptions('a1').queryKey,
    interviewQueryOptions('i1').queryKey,
  ]
  expect(kept.filter(keptOffline)).toEqual(kept)
})

test("a search, a recruiter's view of their applications, a job's applications, the profile, the bell and the user are not kept", () => {
  const notKept = [
    jobsQueryOptions(parseJobSearch(new URLSearchParams('q=rust'))).queryKey,
    applicationsQueryOptions('u-raj', 'review').queryKey,
    jobApplicationsQueryOptions('j1').queryKey,
    applicantDetailsQueryOptions('u-ann').queryKey,
    notificationsQueryOptions('u-ann').queryKey,
    USER_QUERY_KEY,
  ]
  expect(notKept.filter(keptOffline)).toEqual([])
})
