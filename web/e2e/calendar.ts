import ICAL from 'ical.js'

/**
 * The calendar file an e-mail carries, read as a mail client would: the MIME part whose type is
 * text/calendar, decoded from its transfer encoding, then parsed by ical.js (Mozilla's iCalendar
 * library, the one Thunderbird uses) rather than by the journey's own reading of the text.
 */

export type Invite = {
  /** The content type's `method` parameter (REQUEST, CANCEL). */
  contentMethod: string
  /** The calendar's METHOD. */
  method: string
  uid: string
  sequence: number
  summary: string
  location: string
  start: Date
  end: Date
  status: string
}

/** The headers of a MIME part, folded lines joined, names lower-cased. */
function headers(block: string): Record<string, string> {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ')
  const found: Record<string, string> = {}
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) found[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return found
}

function decode(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    default:
      return body
  }
}

/** The text/calendar part of a raw e-mail, decoded, with its content type. */
export function calendarPart(mail: string): { contentType: string; text: string } {
  const boundaries = [...mail.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1])
  for (const boundary of boundaries) {
    for (const part of mail.split(`--${boundary}`)) {
      const split = /\r?\n\r?\n/.exec(part)
      if (!split) continue
      const head = headers(part.slice(0, split.index))
      if (!head['content-type']?.toLowerCase().startsWith('text/calendar')) continue
      const body = part.slice(split.index + split[0].length)
      return { contentType: head['content-type'], text: decode(body, head['content-transfer-encoding'] ?? '7bit') }
    }
  }
  throw new Error(`no text/calendar part in the e-mail:\n${mail.slice(0, 2000)}`)
}

/** The invitation an e-mail carries, parsed. */
export function inviteIn(mail: string): Invite {
  const { contentType, text } = calendarPart(mail)
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  return {
    contentMethod: /method=([A-Z]+)/i.exec(contentType)?.[1].toUpperCase() ?? '',
    method: String(calendar.getFirstPropertyValue('method') ?? ''),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    location: event.location,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    status: String(event.component.getFirstPropertyValue('status') ?? ''),
  }
}
