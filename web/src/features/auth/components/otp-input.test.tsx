import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { OtpInput } from './otp-input'

function Harness() {
  const [code, setCode] = useState<string[]>(Array(6).fill(''))
  return <OtpInput value={code} onChange={setCode} />
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` })
const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value)

test('the code input has six boxes labelled "Digit 1 of 6" to "Digit 6 of 6" in a group', () => {
  render(<Harness />)
  expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument()
  expect(screen.getAllByRole('textbox')).toHaveLength(6)
  expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code')
})

test('pasting a code fills all six boxes', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.click(box(1))
  await user.paste('123456')
  expect(values()).toEqual(['1', '2', '3', '4', '5', '6'])
  expect(box(6)).toHaveFocus()
})

test('typing moves to the next box; backspace clears and moves back; arrow keys move', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.click(box(1))
  await user.keyboard('987')
  expect(values()).toEqual(['9', '8', '7', '', '', ''])
  expect(box(4)).toHaveFocus()

  await user.keyboard('{Backspace}')
  expect(values()).toEqual(['9', '8', '', '', '', ''])
  expect(box(3)).toHaveFocus()
  await user.keyboard('{Backspace}')
  expect(values()).toEqual(['9', '', '', '', '', ''])
  expect(box(2)).toHaveFocus()

  await user.keyboard('{ArrowLeft}')
  expect(box(1)).toHaveFocus()
  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(box(3)).toHaveFocus()
  await user.keyboard('{ArrowLeft}{ArrowLeft}{Backspace}')
  expect(values()).toEqual(['', '', '', '', '', ''])
  expect(box(1)).toHaveFocus()
})

test('a box ignores anything but digits', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.click(box(1))
  await user.keyboard('a')
  expect(values()[0]).toBe('')
})
