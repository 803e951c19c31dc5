import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import type { AnyAccountType } from '@/lib/auth'
import { serverMessage } from '@/lib/query-client'
import { useEmailSettings, useSaveEmailSettings } from '../api/notifications'
import { KINDS_OF, kindLabel } from '../kinds'
import type { EmailSettings } from '../types'

function EmailSettingsForm({ settings, accountType }: { settings: EmailSettings; accountType: AnyAccountType }) {
  const descriptionId = useId()
  const save = useSaveEmailSettings({ message: serverMessage('Could not save the settings') })
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<EmailSettings>({ defaultValues: settings })

  // Every kind is sent: those this account never gets keep what was loaded.
  const onSubmit = async (values: EmailSettings) => {
    try {
      const { message } = await save.mutateAsync({ ...settings, ...values })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
      <fieldset aria-describedby={descriptionId}>
        <legend className="font-semibold text-gray-900">Notification e-mails</legend>
        <p id={descriptionId} className="mt-1 text-gray-700">
          The bell shows every notification; choose which are also e-mailed to you.
        </p>
        <div className="mt-3 flex flex-col gap-2">
          {(KINDS_OF[accountType] ?? []).map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-gray-900">
              <input type="checkbox" className="h-5 w-5 rounded border-gray-500 accent-blue-700" {...register(kind)} />
              {kindLabel(kind, accountType)}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" loading={isSubmitting} className="self-end">
        Save notification settings
      </Button>
    </form>
  )
}

/** docs/rules.md#notifications: which kinds of notification are e-mailed too, the ones that reach this account type. */
export function EmailSettingsSection({ accountType }: { accountType: AnyAccountType }) {
  const { data, isPending, isError } = useEmailSettings()
  return (
    <Panel title="Notifications">
      {isError ? (
        <p className="mt-4 text-gray-800">Could not load your notification settings.</p>
      ) : isPending ? (
        <Spinner label="Loading notification settings..." />
      ) : (
        <EmailSettingsForm settings={data} accountType={accountType} />
      )}
    </Panel>
  )
}
