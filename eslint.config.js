import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const uiOnly = ['react', 'react-dom', 'react-dom/*', 'd3-selection', 'comlink', 'zustand', 'zustand/*'];
const react = ['react', 'react/*', 'react-dom', 'react-dom/*'];

// The layers' boundaries. Data flows one way: input → store (src/state) → worker API (workers/) → src/core →
// figure models (src/figures) → React. Each layer lists what it must not import, with the reason as the message;
// eslint.config.test.ts plants imports to check them. Relative paths are matched by regex, so a rule holds at any
// depth ('../state/' and '../../state/' alike).
const toWorkersAsTypesOnly = (layer) => ({
  regex: '^(\\.\\./)+workers/',
  allowTypeImports: true,
  message: `${layer} may import workers/ as types only (\`import type { ComputeApi } ...\`): a value import would put the worker's computation into the main bundle; the page runs it through the one bridge, src/state/workerBridge.ts.`,
});

const boundaries = {
  core: [
    {
      group: ['d3'],
      message:
        'src/core is the pure math library shared by the CLI, the worker and the UI: import only d3-array/d3-scale style pure modules, never d3 as a whole (it pulls d3-selection).',
    },
    {
      group: uiOnly,
      message:
        'src/core is the pure math library shared by the CLI, the worker and the UI: no DOM, React, d3-selection, comlink or zustand here.',
    },
    {
      regex: '^(\\.\\./)+(app|components|state|figures|io|workers)/',
      message:
        'src/core is the pure math library shared by the CLI, the worker and the UI: it imports only itself (and ml-matrix), never the parsers, the workers or the UI layers.',
    },
  ],
  workers: [
    {
      // Out of workers/ only into src/core and src/io (and test/, the tests' helpers).
      regex: '^(\\.\\./)+(?!src/(core|io)/)(src|cli|scripts|bench|e2e|bin)/',
      message:
        'workers/ is the code that runs in a Web Worker (and inline in Node): it may import only src/core, src/io and comlink. The page imports workers/ (as types), never the other way round: no store, components or figure models here.',
    },
    {
      group: [...react, 'zustand', 'zustand/*', 'd3-selection', 'd3'],
      message:
        'workers/ runs without a page or a DOM: no React, zustand or d3-selection (d3 as a whole pulls d3-selection). It may import only src/core, src/io and comlink.',
    },
  ],
  figures: [
    {
      group: react,
      message:
        'src/figures holds pure figure models (data → scales, paths, ticks, captions), testable in Node: no React here; src/components renders the model.',
    },
    {
      regex: '^(\\.\\./)+(state|components|app)/',
      message:
        'src/figures holds pure figure models: a model takes its data as arguments, never from the store (src/state) or the UI.',
    },
    {
      group: ['comlink', 'zustand', 'zustand/*'],
      message:
        'src/figures holds pure figure models: no comlink or zustand, a model neither calls a worker nor reads the store; its inputs are passed in.',
    },
  ],
  state: [
    {
      group: [...react, 'd3-selection'],
      message:
        'src/state is the store and its actions, which run without a page (its tests run in Node): no React or d3-selection here; the components subscribe to the store (src/app/useExplorer.ts).',
    },
    {
      regex: '^(\\.\\./)+(components|app)/',
      message:
        "src/state may not import the UI (src/components, src/app): data flow from the store to the UI, never back. What both need (a figure's settings, a label) belongs in src/state, src/figures or src/core.",
    },
  ],
  cli: [
    {
      // Out of cli/ only into src/core and src/io (and test/, the tests' helpers).
      regex: '^(\\.\\./)+(?!src/(core|io)/|test/)(src|workers|scripts|bench|e2e|bin)/',
      message:
        'cli/ runs in Node without a page: it imports only src/core and src/io (what it shares with the worker lives there), never workers/, the store (src/state), the figure models or the UI.',
    },
    {
      group: [...react, 'zustand', 'zustand/*'],
      message: 'cli/ runs in Node without a page: no React or zustand.',
    },
  ],
  io: [
    {
      // Out of src/io only into src/core (and, for its tests, the shared test helpers in test/).
      regex: '^\\.\\./(?!core/|\\.\\./test/)',
      message: 'src/io holds the pure parsers shared by the CLI, the worker and the page: it imports only src/core.',
    },
    {
      group: uiOnly,
      message:
        'src/io holds the pure parsers shared by the CLI, the worker and the page: no DOM, React, d3-selection, comlink or zustand here.',
    },
  ],
};

const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-cli/**', 'node_modules/**', 'coverage/**', 'public/**'] },
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
      ...restrict(...boundaries.core),
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'],
    },
  },
  { files: ['src/io/**/*.ts'], rules: restrict(...boundaries.io) },
  { files: ['workers/**/*.ts'], rules: restrict(...boundaries.workers) },
  {
    files: ['src/figures/**/*.ts', 'src/figures/**/*.tsx'],
    rules: restrict(...boundaries.figures, toWorkersAsTypesOnly('src/figures')),
  },
  { files: ['src/state/**/*.ts'], rules: restrict(...boundaries.state, toWorkersAsTypesOnly('src/state')) },
  {
    files: ['src/components/**/*.ts', 'src/components/**/*.tsx'],
    rules: restrict(toWorkersAsTypesOnly('src/components')),
  },
  { files: ['src/app/**/*.ts', 'src/app/**/*.tsx'], rules: restrict(toWorkersAsTypesOnly('src/app')) },
  // Tests run in Node, outside the page's bundle, so they may import workers/ as values: a model's or a view's test
  // computes its input with the worker function itself, and the state's tests (with src/state/testing.ts, their
  // set-up, which derives the inline bridge from the API object) run the worker API on the calling thread.
  { files: ['src/figures/**/*.test.ts'], rules: restrict(...boundaries.figures) },
  {
    files: ['src/state/**/*.test.ts', 'src/state/testing.ts'],
    rules: restrict(...boundaries.state),
  },
  {
    files: [
      'src/components/**/*.test.ts',
      'src/components/**/*.test.tsx',
      'src/app/**/*.test.ts',
      'src/app/**/*.test.tsx',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  { files: ['cli/**/*.ts'], rules: restrict(...boundaries.cli) },
  {
    // The bin's process test builds the bundle it runs (scripts/cli/build.mjs, what `npm ci` runs).
    files: ['cli/**/*.test.ts'],
    rules: restrict(
      {
        ...boundaries.cli[0],
        regex: '^(\\.\\./)+(?!src/(core|io)/|test/|scripts/cli/)(src|workers|scripts|bench|e2e|bin)/',
      },
      ...boundaries.cli.slice(1),
    ),
  },
);
