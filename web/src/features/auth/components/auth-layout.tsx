import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'

/** The frame of the logged-out screens: a title, a line under it and the form. */
export function AuthLayout({ title, documentTitle, intro, children }: { title: string; documentTitle: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <title>{`${documentTitle} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      {intro && <p className="mt-3 text-gray-700">{intro}</p>}
      <div className="mt-8">{children}</div>
    </section>
  )
}

export const textLinkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900'

/** The form's submit button: a spinner while the call runs (docs/product.md#messages). */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={busy} disabled={disabled} className="w-full">
      {children}
    </Button>
  )
}
