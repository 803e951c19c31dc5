import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button'

type Props = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize }

/** A link that goes somewhere, dressed as a button. */
export function ButtonLink({ variant = 'primary', size, className = '', ...props }: Props) {
  return <Link {...props} className={buttonClasses({ variant, size, className })} />
}
