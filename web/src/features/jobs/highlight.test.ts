import { splitTitle } from './highlight'

test('a title without ranges is one unmarked part', () => {
  expect(splitTitle('Backend Engineer')).toEqual([{ text: 'Backend Engineer', marked: false }])
  expect(splitTitle('Backend Engineer', [])).toEqual([{ text: 'Backend Engineer', marked: false }])
})

test('the ranges are marked and the text between them is kept', () => {
  expect(splitTitle('Senior Backend Engineer', [[7, 14], [15, 23]])).toEqual([
    { text: 'Senior ', marked: false },
    { text: 'Backend', marked: true },
    { text: ' ', marked: false },
    { text: 'Engineer', marked: true },
  ])
  expect(splitTitle('Engineer', [[0, 8]])).toEqual([{ text: 'Engineer', marked: true }])
})

test('offsets count UTF-16 code units, so an emoji before a match takes two', () => {
  // "🚀" is one code point but two code units: "Rust" starts at 3.
  expect(splitTitle('🚀 Rust Engineer', [[3, 7]])).toEqual([
    { text: '🚀 ', marked: false },
    { text: 'Rust', marked: true },
    { text: ' Engineer', marked: false },
  ])
  expect(splitTitle('Café Engineer 👩‍💻', [[5, 13]])).toEqual([
    { text: 'Café ', marked: false },
    { text: 'Engineer', marked: true },
    { text: ' 👩‍💻', marked: false },
  ])
})

test('ranges outside the title, empty, reversed or overlapping are ignored', () => {
  const title = 'Data Analyst'
  expect(splitTitle(title, [[0, 4], [5, 13]])).toEqual([
    { text: 'Data', marked: true },
    { text: ' Analyst', marked: false },
  ])
  expect(splitTitle(title, [[-1, 4], [4, 4], [9, 5], [20, 25]])).toEqual([{ text: 'Data Analyst', marked: false }])
  expect(splitTitle(title, [[5, 12], [0, 4]])).toEqual([
    { text: 'Data ', marked: false },
    { text: 'Analyst', marked: true },
  ])
  expect(splitTitle(title, [[0, 7], [5, 12]])).toEqual([
    { text: 'Data An', marked: true },
    { text: 'alyst', marked: false },
  ])
  expect(splitTitle(title, [[0.5, 4]])).toEqual([{ text: 'Data Analyst', marked: false }])
})
