import { Link } from 'react-router'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import { useMyCompany } from '@/features/companies/api/get-my-company'
import { CompanyDetails } from '@/features/companies/components/company-details'
import { CompanyLogoSection } from '@/features/companies/components/company-logo-section'
import { CompanyProfileForm } from '@/features/companies/components/company-profile-form'
import { TeamSection } from '@/features/companies/components/team-section'
import { managesWebhooks, ROLE_NAMES } from '@/features/companies/types'
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section'
import { errorMessage } from '@/lib/api-client'

/**
 * docs/product.md#company-profile: the recruiter's company. Its owners edit the profile and the logo; another
 * member reads them, and is told who may change them. Then its team (docs/product.md#company-team), and for its
 * owners and recruiters its webhooks (docs/product.md#webhooks-settings).
 */
export default function CompanyPage() {
  // A failure is said in place of the company, not in a toast as well.
  const { data, error, isPending } = useMyCompany({ errorToast: false })

  return (
    <section>
      <title>Company | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Company</h1>
      {isPending ? (
        <Spinner label="Loading company..." />
      ) : !data ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(error, 'Could not load your company')}
        </p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2 text-gray-800">
            <p>
              Your role: <span className="font-semibold">{ROLE_NAMES[data.role]}</span>
            </p>
            <Link to={`/company/${data.company.slug}`} className="font-semibold text-blue-800 underline hover:text-blue-900">
              View your company's page
            </Link>
          </div>
          {data.role === 'owner' ? (
            <>
              <Panel title="Company profile">
                <CompanyProfileForm key={data.company._id} company={data.company} />
              </Panel>
              <Panel title="Logo">
                <CompanyLogoSection company={data.company} />
              </Panel>
            </>
          ) : (
            <>
              <p className="mt-4 text-gray-800">Only your company's owners can change its profile.</p>
              <Panel title="Company profile">
                <CompanyDetails company={data.company} />
              </Panel>
            </>
          )}
          <TeamSection company={data.company} role={data.role} />
          {managesWebhooks(data.role) && <WebhooksSection />}
        </>
      )}
    </section>
  )
}
