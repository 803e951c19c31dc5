import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'

/** Without SMTP_URL the server writes every e-mail as an .eml file into <DATA_DIR>/outbox. */
const outbox = () => path.join(process.env.JOBPORTAL_E2E_DATA_DIR!, 'outbox')

/** The header block with folded lines joined: a long Subject continues on lines that start with a space. */
const unfoldedHeaders = (mail: string) => mail.split(/\r?\n\r?\n/)[0].replace(/\r?\n(?=[ \t])/g, '')

/** Waits for the newest e-mail to `to` whose subject contains `subject`, and returns its text. */
export async function waitForMail(to: string, subject: string): Promise<string> {
  let found = ''
  await expect
    .poll(
      () => {
        const dir = outbox()
        if (!fs.existsSync(dir)) return false
        const mails = fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.eml'))
          .map((name) => path.join(dir, name))
          .map((file) => ({ text: fs.readFileSync(file, 'utf8'), time: fs.statSync(file).mtimeMs }))
          .filter(({ text }) => text.includes(`To: ${to}\r\n`) || text.includes(`To: ${to}\n`))
          .filter(({ text }) => /^Subject: (.*)$/m.exec(unfoldedHeaders(text))?.[1].includes(subject))
          .sort((a, b) => b.time - a.time)
        found = mails[0]?.text ?? ''
        return found !== ''
      },
      { timeout: 10_000, message: `an e-mail to ${to} about "${subject}"` },
    )
    .toBe(true)
  return found
}

export async function signupCode(to: string): Promise<string> {
  const mail = await waitForMail(to, 'Your jobportal verification code')
  return /^Subject: Your jobportal verification code: (\d{6})/m.exec(unfoldedHeaders(mail))![1]
}

export async function resetLink(to: string): Promise<string> {
  // The body is quoted-printable: undo the soft line breaks before reading the link.
  const mail = (await waitForMail(to, 'Reset your jobportal password')).replace(/=\r?\n/g, '')
  return /http:\/\/127\.0\.0\.1:\d+\/update-password\/[0-9a-f]{64}/.exec(mail)![0]
}

let counter = 0
/** An address no earlier journey of this run used. */
export const freshEmail = (name: string) => `${name}.${Date.now()}.${counter++}@example.com`
