import type { ComponentProps } from 'react'

/** What a button is for, by colour: the one main action, a second one, a quiet one, a destructive one. */
const variants = {
  primary: 'bg-primary text-white enabled:hover:bg-primary-strong',
  secondary: 'border border-primary bg-white text-primary-strong enabled:hover:bg-primary-soft',
  neutral: 'border border-line bg-white text-ink enabled:hover:bg-gray-100',
  danger: 'bg-danger text-white enabled:hover:bg-danger-strong',
  'danger-outline': 'border border-danger bg-white text-danger-strong enabled:hover:bg-danger-soft',
  success: 'bg-success text-white enabled:hover:bg-success-strong',
  /** A state rather than an action ("Applied"), shown in the success colours. */
  done: 'border border-success bg-success-soft text-success-strong',
  /** Reads as a link inside text; still a button, since it acts on the page rather than going somewhere. */
  link: 'rounded font-medium text-primary-strong underline underline-offset-2 enabled:hover:text-blue-900',
}

const sizes = { sm: 'px-3 py-1', md: 'px-4 py-2', lg: 'px-6 py-2' }

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

/** The classes of a button, for a link that looks like one (ButtonLink) as much as for Button. */
export function buttonClasses({ variant = 'primary', size = 'md', className = '' }: { variant?: ButtonVariant; size?: ButtonSize; className?: string }) {
  const shape = variant === 'link' ? '' : `inline-flex items-center justify-center gap-2 rounded-md font-semibold ${sizes[size]}`
  // One disabled look for every variant.
  return `${shape} ${variants[variant]} disabled:cursor-not-allowed disabled:opacity-60 ${className}`.trim()
}

type Props = ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** The action is under way: the button is disabled, says so to screen readers, and spins. */
  loading?: boolean
}

/** Every button of the app. `type` is "button" unless asked otherwise, so no button submits a form by accident. */
export function Button({ variant, size, loading = false, disabled, className, type = 'button', children, ...props }: Props) {
  return (
    <button {...props} type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClasses({ variant, size, className })}>
      {loading && (
        <span
          aria-hidden="true"
          className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      )}
      {children}
    </button>
  )
}
