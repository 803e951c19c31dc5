import { screen, within } from '@testing-library/react'
import { renderApp } from '@/testing/render'

async function openFooter() {
  const view = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  return { ...view, footer: screen.getByRole('contentinfo') }
}

test("the footer's two sections start collapsed: a keyboard meets their two headings and the site's three pages, not 44 links", async () => {
  const { footer } = await openFooter()
  for (const name of ['Explore', 'Company']) {
    const section = within(footer).getByRole('navigation', { name })
    expect(section.querySelector('details')).not.toHaveAttribute('open')
    expect(within(section).getByText(name, { selector: 'summary' })).toBeVisible()
    for (const link of section.querySelectorAll('a')) expect(link).not.toBeVisible()
  }
  const inSight = Array.from(footer.querySelectorAll('a')).filter((link) => !link.closest('details'))
  expect(inSight.map((link) => link.textContent)).toEqual(['Privacy Policy', 'Terms', 'Contact'])
  const site = within(footer).getByRole('navigation', { name: 'About this site' })
  expect(within(site).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
  expect(within(site).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
  expect(within(site).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact')
})

test('opening a footer section shows its links, and only its own', async () => {
  const { footer, user } = await openFooter()
  const explore = within(footer).getByRole('navigation', { name: 'Explore' })
  await user.click(within(explore).getByText('Explore', { selector: 'summary' }))
  expect(explore.querySelector('details')).toHaveAttribute('open')
  expect(within(explore).getByRole('link', { name: 'Career Paths' })).toBeVisible()
  expect(within(explore).getByRole('link', { name: 'Help Center' })).toBeVisible()
  const company = within(footer).getByRole('navigation', { name: 'Company' })
  expect(company.querySelector('details')).not.toHaveAttribute('open')
  expect(company.querySelector('a[href="/cookie-policy"]')).not.toBeVisible()
})
