import { useMutation, useQueryClient } from '@tanstack/react-query'
import { API_BASE, ApiError } from '@/lib/api-client'
import { TOKEN_KEY } from '@/lib/constants'
import type { ResumeUploadResponse } from '../types'

const FALLBACK_MESSAGE = 'Internal Server Error'

/**
 * POST /upload/uploadResume with the file in the multipart field `resume`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress; `onProgress` receives the share sent, 0 to 1.
 */
function parseJson(text: string): { success?: unknown; message?: unknown } | null {
  try {
    return JSON.parse(text) as { success?: unknown; message?: unknown } | null
  } catch {
    return null
  }
}

export function uploadResume(file: File, onProgress?: (share: number) => void): Promise<ResumeUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', new URL(`${API_BASE}/upload/uploadResume`, window.location.origin).href)
    xhr.setRequestHeader('Accept', 'application/json')
    const token = localStorage.getItem(TOKEN_KEY)
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && payload?.success === true) {
        resolve(payload as unknown as ResumeUploadResponse)
        return
      }
      const message = typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_MESSAGE
      reject(new ApiError(message, xhr.status))
    }
    xhr.onerror = () => reject(new ApiError(FALLBACK_MESSAGE, 0))
    const form = new FormData()
    form.append('resume', file, file.name)
    xhr.send(form)
  })
}

export function useUploadResume() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (share: number) => void }) => uploadResume(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
  })
}
