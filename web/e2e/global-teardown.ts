import fs from 'node:fs'

/** Each run starts the server on a fresh data directory; remove it so runs leave nothing behind. */
export default function globalTeardown() {
  const dir = process.env.JOBPORTAL_E2E_DATA_DIR
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
}
