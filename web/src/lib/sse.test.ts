import { createSseParser, type SseEvent } from './sse'

const parse = (chunks: string[]) => {
  const events: SseEvent[] = []
  const parser = createSseParser((event) => events.push(event))
  for (const chunk of chunks) parser.push(chunk)
  return { events, parser }
}

test('an event is its name and its data, dispatched at the blank line', () => {
  expect(parse(['event: unread\ndata: {"unread":3,"newest":"n1"}\n\n']).events).toEqual([{ event: 'unread', data: '{"unread":3,"newest":"n1"}' }])
})

test('an event split anywhere across chunks, even inside a line or between CR and LF, comes out whole', () => {
  const text = 'event: unread\r\ndata: {"unread":1}\r\n\r\nevent: unread\ndata: {"unread":2}\n\n'
  const whole = parse([text]).events
  expect(whole).toEqual([
    { event: 'unread', data: '{"unread":1}' },
    { event: 'unread', data: '{"unread":2}' },
  ])
  for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)]).events).toEqual(whole)
  expect(parse([...text]).events).toEqual(whole)
})

test('nothing is dispatched before the blank line arrives', () => {
  const { events, parser } = parse(['event: unread\ndata: {"unread":1}\n'])
  expect(events).toEqual([])
  parser.push('\n')
  expect(events).toHaveLength(1)
})

test('comment lines (the keep-alives) are skipped, also between the lines of an event', () => {
  expect(parse([': keep-alive\n\n', ':\n', 'event: unread\n: still here\ndata: {"unread":0}\n\n']).events).toEqual([{ event: 'unread', data: '{"unread":0}' }])
})

test('several data lines join with a newline; an event without a name is a "message"; one without data is none', () => {
  expect(parse(['data: a\ndata:b\n\n', 'event: unread\n\n', 'id: 7\nretry: 100\ndata\n\n']).events).toEqual([
    { event: 'message', data: 'a\nb' },
    { event: 'message', data: '' },
  ])
})

test('lines may end in CR alone (a CR ending a chunk waits for the next, which may bring its LF)', () => {
  const { events, parser } = parse(['event: unread\rdata: x\r\r'])
  expect(events).toEqual([])
  parser.push(': next\r')
  expect(events).toEqual([{ event: 'unread', data: 'x' }])
})

test('an event the stream did not finish is dropped when it ends, and the next stream starts clean', () => {
  const { events, parser } = parse(['event: unread\ndata: {"unread":1}\n'])
  parser.end()
  parser.push('data: fresh\n\n')
  expect(events).toEqual([{ event: 'message', data: 'fresh' }])
})
