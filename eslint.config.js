import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const uiOnly = ['react', 'react-dom', 'react-dom/*', 'd3-selection', 'comlink', 'zustand', 'zustand/*'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'd3',
              message:
                'src/core is the pure math library shared by the CLI, the worker and the UI: import only d3-array/d3-scale style pure modules, never d3 as a whole (it pulls d3-selection).',
            },
          ],
          patterns: [
            {
              group: uiOnly,
              message:
                'src/core is the pure math library shared by the CLI, the worker and the UI: no DOM, React, d3-selection, comlink or zustand here.',
            },
            {
              group: ['../app/*', '../components/*', '../state/*', '../figures/*', '../../workers/*'],
              message: 'src/core must not depend on UI layers.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'],
    },
  },
);
