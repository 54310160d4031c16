// Lint rules, including the layer boundaries of the architecture:
// shared/ is pure TypeScript, renderer/ talks only to window.pos, electron/core never imports electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeModules = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net'];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'tests/artifacts/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['shared/**/*.ts', 'shared/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...nodeModules, 'electron', 'better-sqlite3', 'react', 'react-dom', '**/electron/**', '**/renderer/**'],
      }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        patterns: [...nodeModules, 'electron', 'better-sqlite3', '**/electron/**'],
      }],
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['**/renderer/**'] }],
    },
  },
);
