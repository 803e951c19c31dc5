import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { FormField } from '@/components/ui/form-field'
import { OneTimeSecret } from '@/components/ui/one-time-secret'
import { Panel } from '@/components/ui/panel'
import { SelectField } from '@/components/ui/select-field'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { serverMessage } from '@/lib/query-client'
import { useCreateToken, useRevokeToken, useTokens } from '../api/tokens'
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, expiryDays, MAX_TOKEN_NAME, tokenSchema, type TokenValues } from '../schemas'
import { SCOPE_DESCRIPTIONS, SCOPES, type ApiToken, type Scope } from '../types'

export const EXPLANATION = 'Scripts and other software can act for you with a token, within the scopes you choose.'
export const NOT_ALLOWED = "API tokens are for a company's owners and recruiters."
export const NO_TOKENS = 'No API tokens yet.'
export const COPIED = 'Token copied'
export const NOT_COPIED = 'Could not copy the token: select it and copy it yourself'

const subheadingClass = 'text-lg font-semibold text-gray-900'

/** A new token's secret, as the server gave it once, with the name it was made under. */
type Created = { name: string; secret: string }

/** One token: its name, its scopes, when it was made, last used and ends, and its Revoke button. */
function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: number; onRevoke: (token: ApiToken) => void }) {
  const { expiresAt, lastUsedAt } = token
  const expired = expiresAt != null && new Date(expiresAt).getTime() <= now
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-semibold text-gray-900">{token.name}</p>
        <p className="text-sm text-gray-800">Scopes: {token.scopes.join(', ')}</p>
        <p className="flex flex-wrap gap-x-4 text-sm text-gray-700">
          <span>Created {formatDate(token.createdAt)}</span>
          <span>{lastUsedAt ? `Last used ${formatDate(lastUsedAt)}` : 'Never used'}</span>
          <span>{expiresAt ? `${expired ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}` : 'Never expires'}</span>
        </p>
      </div>
      {/* Not disabled while a revocation is under way, so the focus stays on it until the answer moves it. */}
      <Button variant="danger-outline" size="sm" aria-label={`Revoke ${token.name}`} className="self-start sm:self-auto" onClick={() => onRevoke(token)}>
        Revoke
      </Button>
    </li>
  )
}

/**
 * The person's tokens, the newest first; Revoke asks first, then "Token revoked", the row leaves and
 * the list's heading takes the focus its button had.
 */
function TokenList({ tokens, headingRef }: { tokens: ApiToken[]; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const headingId = useId()
  // When the list was drawn: a token whose end has passed says "Expired".
  const [now] = useState(() => Date.now())
  const revoke = useRevokeToken({ message: serverMessage('Could not revoke the token') })
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null)

  const confirmRevoke = async () => {
    if (!toRevoke) return
    const { _id } = toRevoke
    setToRevoke(null)
    try {
      const { message } = await revoke.mutateAsync(_id)
      toast.success(message)
      headingRef.current?.focus()
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={`mt-4 ${subheadingClass}`}>
        Your tokens
      </h3>
      {tokens.length === 0 ? (
        <p className="mt-2 text-gray-800">{NO_TOKENS}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-gray-200">
          {tokens.map((token) => (
            <TokenRow key={token._id} token={token} now={now} onRevoke={(chosen) => !revoke.isPending && setToRevoke(chosen)} />
          ))}
        </ul>
      )}
      {toRevoke && (
        <ConfirmationModal
          title={`Revoke ${toRevoke.name}?`}
          text="The scripts and software that use this token stop working at once. This cannot be undone."
          confirmLabel="Revoke"
          cancelLabel="Cancel"
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setToRevoke(null)}
        />
      )}
    </>
  )
}

const EMPTY: TokenValues = { name: '', scopes: [], expiry: DEFAULT_EXPIRY }

/**
 * The new-token form: a name (checked here with the server's messages), at least one scope, each
 * described beside its checkbox, and an expiry, 90 days at first. A refusal is the server's toast.
 * `focusName`: the form comes back after a secret was shown, and its Name field takes the focus.
 */
function NewTokenForm({ onCreated, focusName }: { onCreated: (created: Created) => void; focusName: boolean }) {
  const headingId = useId()
  const scopesHintId = useId()
  const scopesErrorId = useId()
  const create = useCreateToken({ message: serverMessage('Could not create the token') })
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TokenValues>({ resolver: zodResolver(tokenSchema), defaultValues: EMPTY })

  useEffect(() => {
    if (focusName) setFocus('name')
  }, [focusName, setFocus])

  const submit = async ({ name, scopes, expiry }: TokenValues) => {
    try {
      // Sent in the order the scopes are shown, whatever order they were ticked in.
      const chosen = SCOPES.filter((scope) => scopes.includes(scope))
      const { secret, token } = await create.mutateAsync({ name, scopes: chosen, expiresInDays: expiryDays(expiry) })
      onCreated({ name: token.name, secret })
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <h3 id={headingId} className={subheadingClass}>
        New token
      </h3>
      <FormField
        label="Name"
        autoComplete="off"
        hint={`What the token is for, e.g. "Careers page sync" (at most ${MAX_TOKEN_NAME} characters).`}
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset aria-describedby={errors.scopes ? `${scopesHintId} ${scopesErrorId}` : scopesHintId}>
        <legend className="font-medium text-gray-900">Scopes</legend>
        <p id={scopesHintId} className="mt-1 text-sm text-gray-700">Choose what the token may do; it never does more than your own role allows.</p>
        <ul className="mt-2 flex flex-col gap-3">
          {SCOPES.map((scope) => (
            <ScopeChoice key={scope} scope={scope} field={register('scopes')} />
          ))}
        </ul>
        {errors.scopes && (
          <p id={scopesErrorId} className="mt-1 text-sm text-red-700">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <SelectField label="Expiry" className="sm:max-w-xs" {...register('expiry')}>
        {EXPIRY_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" loading={isSubmitting} className="self-start">
        Create token
      </Button>
    </form>
  )
}

/** A scope's checkbox, named by the scope and described by what it lets a token do. */
function ScopeChoice({ scope, field }: { scope: Scope; field: UseFormRegisterReturn<'scopes'> }) {
  const descriptionId = useId()
  return (
    <li>
      <label className="flex items-center gap-3 text-gray-900">
        <input type="checkbox" value={scope} aria-describedby={descriptionId} className="h-5 w-5 rounded border-gray-500 accent-blue-700" {...field} />
        <span className="font-mono font-medium">{scope}</span>
      </label>
      <p id={descriptionId} className="ml-8 text-sm text-gray-700">
        {SCOPE_DESCRIPTIONS[scope]}
      </p>
    </li>
  )
}

/** Who may make tokens: the form, or the new secret until Done (components/ui/one-time-secret). */
function MakeToken() {
  const [created, setCreated] = useState<Created | null>(null)
  // Once a secret was shown and put away, the form that comes back takes the focus.
  const [shownOnce, setShownOnce] = useState(false)
  return (
    <div className="mt-6 border-t border-gray-200 pt-4">
      <OneTimeSecret
        shown={created && { label: `Token for ${created.name}`, secret: created.secret }}
        copied={COPIED}
        notCopied={NOT_COPIED}
        onDone={() => {
          setCreated(null)
          setShownOnce(true)
        }}
      >
        <NewTokenForm onCreated={setCreated} focusName={shownOnce} />
      </OneTimeSecret>
    </div>
  )
}

/**
 * Settings' "API tokens" (docs/product.md#api-tokens-settings), for Recruiter accounts: the person's
 * tokens, each revoked after a question, and, for a company's owners and recruiters, the form that
 * makes one and shows its secret once.
 */
export function ApiTokensSection() {
  const listHeading = useRef<HTMLHeadingElement>(null)
  const { data, error, isPending } = useTokens()
  return (
    <Panel title="API tokens">
      <p className="mt-2 text-gray-700">{EXPLANATION}</p>
      {isPending ? (
        <Spinner label="Loading your API tokens..." />
      ) : !data ? (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(error, 'Could not load your API tokens')}
        </p>
      ) : (
        <>
          <TokenList tokens={data.tokens} headingRef={listHeading} />
          {data.canCreate ? <MakeToken /> : <p className="mt-6 border-t border-gray-200 pt-4 text-gray-800">{NOT_ALLOWED}</p>}
        </>
      )}
    </Panel>
  )
}
