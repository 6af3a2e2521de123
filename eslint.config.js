// One lint setup for every package. Rules that hold the architecture's
// boundaries live here: type-only imports marked, named exports, and a
// protocol package that never touches the DOM or Node built-ins.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    // A bound LIMIT makes SQLite re-prepare the statement on every call
    // (store/row-limit.ts): the server writes its limits as literals.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector:
            "CallExpression[callee.property.name='limit']:not([arguments.0.callee.name='rowLimit'])",
          message:
            'Write a LIMIT as .limit(rowLimit(n)) (store/row-limit.ts): a bound one re-prepares.',
        },
        {
          selector:
            'CallExpression[arguments.length=3][arguments.0.value=/^(\\w+\\.)?(deleted|hidden|muted)$/][arguments.1.value=/^(=|!=|<>|is|is not)$/]',
          message:
            'Compare a flag that partial indexes name with flagIs(column, value) (store/flag-literal.ts): a bound one re-prepares.',
        },
      ],
    },
  },
  {
    files: ['packages/protocol/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'crypto', 'react', 'react-dom'],
              message: 'The protocol package is pure: no Node built-ins, no DOM, no React.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process', 'Buffer'],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Config files of tools require a default export.
    files: ['**/*.config.{js,ts,mjs}', '**/vite.config.ts', '**/vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
