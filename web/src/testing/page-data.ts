/** A page as the server sends a public screen: the API answers its screen starts from, in `#page-data` (lib/page-data). */
export function arriveWith(answers: unknown) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = 'page-data'
  element.textContent = JSON.stringify(answers)
  document.body.append(element)
}
