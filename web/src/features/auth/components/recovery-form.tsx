import type { FormEventHandler, ReactNode } from 'react'
import { Link } from 'react-router'
import { AuthLayout, SubmitButton, textLinkClass } from './auth-layout'

type Props = {
  title: string
  documentTitle: string
  intro: ReactNode
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The call is under way: the submit button shows a spinner. */
  busy: boolean
  submitLabel: string
  /** The form's fields, above its submit button. */
  children?: ReactNode
}

/** A screen of the password's recovery (forgot, reset): its form, then the way back to the login screen. */
export function RecoveryForm({ title, documentTitle, intro, onSubmit, busy, submitLabel, children }: Props) {
  return (
    <AuthLayout title={title} documentTitle={documentTitle} intro={intro}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </form>
      <p className="mt-6">
        <Link to="/login" className={textLinkClass}>
          Back To Login
        </Link>
      </p>
    </AuthLayout>
  )
}
