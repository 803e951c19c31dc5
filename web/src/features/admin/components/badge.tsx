import type { ReactNode } from 'react'

const TONES = {
  danger: 'border-danger bg-danger-soft text-danger-strong',
  success: 'border-success bg-success-soft text-success-strong',
  neutral: 'border-gray-500 bg-gray-50 text-gray-800',
}

/** A state in words ("Hidden", "Suspended"), the colour only a cue. */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-sm font-semibold ${TONES[tone]}`}>{children}</span>
}
