import { answerText, type Answer } from '../screening'

/**
 * The application's answers to the job's screening questions, each under its question as it was
 * asked, and whether it meets the question's requirement, in words. Nothing when there are none.
 * Its heading is an h3, like the facts around it.
 */
export function ScreeningAnswers({ answers }: { answers: Answer[] | undefined }) {
  if (!answers || answers.length === 0) return null
  return (
    <>
      <h3 className="mt-4 font-semibold text-gray-900">Screening answers</h3>
      <dl className="mt-1 flex flex-col gap-2 text-gray-700">
        {answers.map(({ question, answer, meets }) => (
          <div key={question._id}>
            <dt className="font-medium break-words text-gray-900">{question.text}</dt>
            <dd className="break-words whitespace-pre-line">
              {answerText(answer)}
              {meets !== null && (
                <>
                  {' '}
                  <span className="text-sm text-gray-700">{meets ? '(meets the requirement)' : '(does not meet the requirement)'}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}
