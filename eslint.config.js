import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The lint `npm test` runs (its static stage): JavaScript's and typescript-eslint's recommended rules and
 * React's rules of hooks in the client. Layer boundaries are dependency-cruiser's job (.dependency-cruiser.cjs).
 */
export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'storybook-static/**', 'node_modules/**', 'data/**', 'tests/fixtures/**', '**/*.generated.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Wire data and Formily's untyped maps are `any` at their edges; each use is a reviewed choice.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A variable a closure reads before its one assignment (a value built later) stays let.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Playwright's fixtures take their dependencies as a destructured first argument, `{}` when none.
  { files: ['tests/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);
