import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { readdirSync } from 'node:fs'

/** The features, each a folder of src/features; none may reach into another. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** Imports go one way: app -> features -> components and lib. A relative import stays near home (within a feature). */
const climbing = { group: ['../../*'], message: "Import through '@/' rather than climbing two folders up." }
const noApp = { group: ['@/app', '@/app/*'], message: 'Only the app imports the app (app -> features -> components/lib).' }
const noFeatures = { group: ['@/features', '@/features/*'], message: 'components and lib sit below the features and may not import them.' }
/** A relative path out of a feature's root folder (src/features/<feature>/x.ts importing '../y/z'); within the feature, './x'. */
const leavingFeature = (feature) => ({
  group: ['..', '../*', './..', './../*'],
  message: `A relative import stays within the feature '${feature}': import another feature's code through the app, or shared code from '@/'.`,
})

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'playwright-report', 'test-results', 'src/lib/api-types.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [climbing] }],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbing, noApp, noFeatures] }] },
  },
  ...features.flatMap((feature) => {
    const otherFeatures = {
      group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
      message: `A feature does not import another; compose them in the app, or move what both need into components or lib.`,
    }
    return [
      {
        files: [`src/features/${feature}/**`],
        rules: { 'no-restricted-imports': ['error', { patterns: [climbing, noApp, otherFeatures] }] },
      },
      // From a feature's root file one folder up is src/features: '../other/x' would be another feature.
      {
        files: [`src/features/${feature}/*`],
        rules: { 'no-restricted-imports': ['error', { patterns: [climbing, noApp, otherFeatures, leavingFeature(feature)] }] },
      },
    ]
  }),
  {
    files: ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js', 'e2e/**', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  // Playwright's fixtures call a function named `use`; it is not React's.
  { files: ['e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
)
