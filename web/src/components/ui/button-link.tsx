import type { ComponentProps } from 'react'
import { Link } from 'react-router'

const variants = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800',
  secondary: 'border border-blue-700 text-blue-700 bg-white hover:bg-blue-50',
}

type Props = ComponentProps<typeof Link> & { variant?: keyof typeof variants }

export function ButtonLink({ variant = 'primary', className = '', ...props }: Props) {
  return (
    <Link
      {...props}
      className={`inline-block rounded-md px-4 py-2 font-semibold ${variants[variant]} ${className}`}
    />
  )
}
