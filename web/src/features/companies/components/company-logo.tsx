import type { Company } from '../types'

/** The company's logo, 96 pixels square, or a placeholder of the same size when it has none. */
export function CompanyLogo({ company }: { company: Pick<Company, 'name' | 'logo'> }) {
  if (company.logo) {
    return (
      <img
        src={company.logo}
        alt={`${company.name} logo`}
        width={96}
        height={96}
        className="h-24 w-24 shrink-0 rounded-md border border-gray-200 bg-white object-contain"
      />
    )
  }
  return (
    <div className="flex h-24 w-24 shrink-0 items-center justify-center rounded-md border border-dashed border-gray-500 bg-gray-50 text-center text-sm text-gray-700">
      No logo
    </div>
  )
}
