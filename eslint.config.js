// Flat ESLint config for the whole workspace: recommended JS + typescript-eslint rules.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-artifacts/**', 'data/**', '**/.svelte-kit/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use a seeded Rng (packages/rules/src/rng.ts).' }],
    },
  },
  // Svelte components (apps/web): eslint-plugin-svelte, TypeScript inside <script lang="ts">.
  ...svelte.configs.recommended,
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { globals: globals.browser, parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['apps/server/**', 'e2e/**', '**/*.test.ts', '**/bench/**', '**/scripts/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
