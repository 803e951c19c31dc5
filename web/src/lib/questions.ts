/**
 * "This job asks 3 questions" ("1 question"), as the job's page and the apply dialog say it before
 * anyone starts (docs/rules.md#screening); empty for none. The server's drawing of the job's page
 * (server/src/site/content.rs) says it the same way.
 */
export function asksLine(count: number) {
  if (count === 0) return ''
  return `This job asks ${count} ${count === 1 ? 'question' : 'questions'}`
}
