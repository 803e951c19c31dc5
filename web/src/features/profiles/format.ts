import type { Education } from './types'

/** "MIT 2015 - 2019", or "MIT 2020 - Present" while the end year is open. */
export const educationLine = ({ institutionName, startYear, endYear }: Education) =>
  `${institutionName} ${startYear} - ${endYear ?? 'Present'}`

export const skillsText = (skills: string[]) => skills.join(', ')

/** Skills are edited as comma-separated text (docs/product.md#profile-form); blanks between commas are dropped. */
export const parseSkills = (text: string) =>
  text
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean)
