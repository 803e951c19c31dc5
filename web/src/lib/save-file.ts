/**
 * Offers `blob` to the person as a download named `name`: a temporary object URL behind a temporary
 * `<a download>`, both gone once it is clicked.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // The download has its own hold on the bytes once started; the URL is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}
