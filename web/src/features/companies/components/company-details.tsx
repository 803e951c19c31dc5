import type { ReactNode } from 'react'
import { sizeText } from '../format'
import type { Company } from '../types'
import { CompanyLogo } from './company-logo'

/** The company's profile to read: its logo, then each field, "Not provided" when empty. */
export function CompanyDetails({ company }: { company: Company }) {
  const rows: [label: string, value: ReactNode][] = [
    ['Name', company.name],
    [
      'Website',
      company.website && (
        <a href={company.website} target="_blank" rel="noopener noreferrer" className="break-all font-semibold text-blue-800 underline hover:text-blue-900">
          {company.website}
        </a>
      ),
    ],
    ['About', company.about && <span className="whitespace-pre-line">{company.about}</span>],
    ['Size', company.sizeBand && sizeText(company.sizeBand)],
    ['Headquarters', company.headquarters],
    ['Locations', company.locations.join(', ')],
  ]
  return (
    <div className="mt-4 flex flex-col gap-6 sm:flex-row">
      <CompanyLogo company={company} />
      <dl className="grid flex-1 gap-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="font-semibold text-gray-900">{label}</dt>
            <dd className={value ? 'text-gray-800' : 'text-gray-700 italic'}>{value || 'Not provided'}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
