import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { ACCOUNT_TYPES, type AccountType } from '../types'

type Props = { value: AccountType; onChange: (type: AccountType) => void; panelId: string; children: ReactNode }

/** The Applicant and Recruiter tabs of the signup form, with the keyboard model of a tablist. */
export function AccountTypeTabs({ value, onChange, panelId, children }: Props) {
  const tabs = useRef<Partial<Record<AccountType, HTMLButtonElement | null>>>({})

  const select = (type: AccountType) => {
    onChange(type)
    tabs.current[type]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const index = ACCOUNT_TYPES.indexOf(value)
    const last = ACCOUNT_TYPES.length - 1
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null
    if (next === null) return
    event.preventDefault()
    select(ACCOUNT_TYPES[next])
  }

  return (
    <>
      <div role="tablist" aria-label="Account type" className="flex gap-1 rounded-full bg-gray-100 p-1" onKeyDown={onKeyDown}>
        {ACCOUNT_TYPES.map((type) => {
          const selected = type === value
          return (
            <button
              key={type}
              ref={(element) => {
                tabs.current[type] = element
              }}
              type="button"
              role="tab"
              id={`${panelId}-${type}`}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(type)}
              className={`flex-1 rounded-full px-4 py-2 font-semibold ${selected ? 'bg-blue-700 text-white' : 'text-gray-800 hover:bg-gray-200'}`}
            >
              {type}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${value}`} className="mt-6">
        {children}
      </div>
    </>
  )
}
