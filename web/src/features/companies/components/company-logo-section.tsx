import { useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { FileDropZone } from '@/components/ui/file-drop-zone'
import { errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { useRemoveLogo } from '../api/remove-logo'
import { useUploadLogo } from '../api/upload-logo'
import { LOGO_ACCEPT, logoProblem } from '../schemas'
import type { Company } from '../types'
import { CompanyLogo } from './company-logo'

/**
 * docs/product.md#company-profile, the logo, for an owner: the current one (or a placeholder); a chosen or
 * dropped image is checked here (type and size, with the server's messages) and uploaded at once;
 * "Remove logo" while there is one. A refusal, here or the server's, shows under the file input.
 */
export function CompanyLogoSection({ company }: { company: Company }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const upload = useUploadLogo(false)
  const remove = useRemoveLogo({ message: serverMessage('Could not remove the logo') })

  const choose = async ([file]: File[]) => {
    // One upload at a time: a file chosen meanwhile is not sent.
    if (upload.isPending) return
    const refused = logoProblem(file)
    setProblem(refused)
    if (refused) return
    try {
      await upload.mutateAsync({ file })
      toast.success('Logo uploaded')
    } catch (error) {
      setProblem(errorMessage(error, 'Could not upload the logo'))
    }
  }

  const removeLogo = async () => {
    try {
      await remove.mutateAsync()
      setProblem(null)
      toast.success('Logo removed')
      // The button is gone: the focus goes to the file input, the next thing to do.
      inputRef.current?.focus()
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex flex-col items-start gap-3">
        <CompanyLogo company={company} />
        {company.logo && (
          <Button variant="danger-outline" size="sm" loading={remove.isPending} onClick={removeLogo}>
            Remove logo
          </Button>
        )}
      </div>
      <div className="flex-1">
        <FileDropZone
          ref={inputRef}
          label="Logo drop zone"
          browseLabel={company.logo ? 'Choose a new logo' : 'Choose a logo'}
          hint="PNG, JPEG or WebP, at most 2 MB; the middle square is kept"
          accept={LOGO_ACCEPT}
          error={problem ?? undefined}
          onFiles={choose}
        />
        <p role="status" className="mt-2 text-gray-800">
          {upload.isPending ? 'Uploading the logo...' : ''}
        </p>
      </div>
    </div>
  )
}
