/**
 * The layers' import boundaries (eslint.config.js): imports planted in each layer are errors whose message says
 * why, type-only imports of the worker API pass where the config allows them, and the real tree breaks none.
 */
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));
const BOUNDARY_RULE = '@typescript-eslint/no-restricted-imports';
const eslint = new ESLint({ cwd: root });

/** The boundary rule's messages for `code` as if it were the file at `path` (relative to the repository). */
async function boundaryMessages(code: string, path: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.filter((message) => message.ruleId === BOUNDARY_RULE);
}

describe('layer boundaries', () => {
  it('workers/ may not import the store', async () => {
    const messages = await boundaryMessages(
      "import { explorerStore } from '../src/state/store.ts';\nexport const planted = explorerStore;\n",
      'workers/planted.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].severity).toBe(2);
    expect(messages[0].message).toContain('workers/ is the code that runs in a Web Worker');
    expect(messages[0].message).toContain('it may import only src/core, src/io and comlink');
  });

  it('workers/ at any depth may not import components, figure models, React or the CLI', async () => {
    const messages = await boundaryMessages(
      [
        "import { FigureView } from '../../src/components/figures/FigureView.tsx';",
        "import { axisTicks } from '../../src/figures/axes.ts';",
        "import { useState } from 'react';",
        "import { formatCount } from '../../cli/format.ts';",
        'export const planted = [FigureView, axisTicks, useState, formatCount];',
        '',
      ].join('\n'),
      'workers/figures/planted.ts',
    );
    expect(messages.map((message) => message.line)).toEqual([1, 2, 3, 4]);
  });

  it('workers/ may import src/core, src/io, comlink and itself', async () => {
    const messages = await boundaryMessages(
      [
        "import { singleRankData } from '../src/core/index.ts';",
        "import { parseRankFile } from '../src/io/index.ts';",
        "import { expose } from 'comlink';",
        "import { rankCurves } from './figures/rankCurves.ts';",
        "import { resolveRank } from '../rankRegistry.ts';",
        'export const planted = [singleRankData, parseRankFile, expose, rankCurves, resolveRank];',
        '',
      ].join('\n'),
      'workers/planted.ts',
    );
    expect(messages).toEqual([]);
  });

  it('src/figures may not import React', async () => {
    const messages = await boundaryMessages(
      "import { useMemo } from 'react';\nexport const planted = useMemo;\n",
      'src/figures/planted.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].severity).toBe(2);
    expect(messages[0].message).toContain('src/figures holds pure figure models');
    expect(messages[0].message).toContain('no React here');
  });

  it('src/figures may not import the store or comlink, and imports workers/ as types only', async () => {
    const messages = await boundaryMessages(
      [
        "import { explorerStore } from '../state/store.ts';",
        "import { wrap } from 'comlink';",
        "import { sweepSampleSizes } from '../../workers/figures/sweep.ts';",
        "import type { SweepResult } from '../../workers/figures/sweep.ts';",
        'export const planted = [explorerStore, wrap, sweepSampleSizes];',
        'export type Planted = SweepResult;',
        '',
      ].join('\n'),
      'src/figures/planted.ts',
    );
    expect(messages.map((message) => message.line)).toEqual([1, 2, 3]);
    expect(messages[2].message).toContain('may import workers/ as types only');
  });

  it('src/state imports the worker API as a type only', async () => {
    const valueImport = await boundaryMessages(
      "import { api } from '../../workers/api.ts';\nexport const planted = api;\n",
      'src/state/planted.ts',
    );
    expect(valueImport).toHaveLength(1);
    expect(valueImport[0].severity).toBe(2);
    expect(valueImport[0].message).toContain('src/state may import workers/ as types only');

    const typeImport = await boundaryMessages(
      "import type { ComputeApi } from '../../workers/api.ts';\nexport type Planted = ComputeApi;\n",
      'src/state/planted.ts',
    );
    expect(typeImport).toEqual([]);
  });

  it('src/components and src/app import workers/ as types only, at any depth; their tests may compute with it', async () => {
    for (const [path, prefix] of [
      ['src/components/figures/entries/planted.tsx', '../../../../'],
      ['src/components/planted.tsx', '../../'],
      ['src/app/planted.tsx', '../../'],
    ]) {
      const layer = path.split('/').slice(0, 2).join('/');
      const messages = await boundaryMessages(
        [
          `import { sweepSampleSizes } from '${prefix}workers/figures/sweep.ts';`,
          `import type { SweepResult } from '${prefix}workers/figures/sweep.ts';`,
          'export const planted = sweepSampleSizes;',
          'export type Planted = SweepResult;',
          '',
        ].join('\n'),
        path,
      );
      expect(messages.map((message) => message.line)).toEqual([1]);
      expect(messages[0].severity).toBe(2);
      expect(messages[0].message).toContain(`${layer} may import workers/ as types only`);
    }
    const test = await boundaryMessages(
      "import { sweepSampleSizes } from '../../../workers/figures/sweep.ts';\nexport const planted = sweepSampleSizes;\n",
      'src/components/figures/planted.test.tsx',
    );
    expect(test).toEqual([]);
  });

  it('src/state may not import React or the UI, nor may its tests', async () => {
    for (const path of ['src/state/planted.ts', 'src/state/planted.test.ts']) {
      const messages = await boundaryMessages(
        [
          "import { useState } from 'react';",
          "import { EntryView } from '../components/figures/EntryView.tsx';",
          "import { App } from '../app/App.tsx';",
          "import { explorerStore } from './store.ts';",
          "import { parseMetric } from '../core/index.ts';",
          'export const planted = [useState, EntryView, App, explorerStore, parseMetric];',
          '',
        ].join('\n'),
        path,
      );
      expect(messages.map((message) => message.line)).toEqual([1, 2, 3]);
      expect(messages[0].message).toContain('src/state is the store and its actions');
      expect(messages[1].message).toContain('src/state may not import the UI');
    }
    const deeper = await boundaryMessages(
      "import { EntryView } from '../../components/figures/EntryView.tsx';\nexport const planted = EntryView;\n",
      'src/state/datasets/planted.ts',
    );
    expect(deeper).toHaveLength(1);
  });

  it('cli/ imports only src/core, src/io and itself (its tests also test/)', async () => {
    const messages = await boundaryMessages(
      [
        "import { estimateAll } from '../../workers/jobs.ts';",
        "import { resultsTable } from '../../src/figures/resultsTable.ts';",
        "import { explorerStore } from '../../src/state/store.ts';",
        "import { parseMethod } from '../../src/core/index.ts';",
        "import { parseRankFile } from '../../src/io/index.ts';",
        "import { readSetup } from '../inputs.ts';",
        "import { expectClose } from '../../test/expectClose.ts';",
        'export const planted = [estimateAll, resultsTable, explorerStore, parseMethod, parseRankFile, readSetup, expectClose];',
        '',
      ].join('\n'),
      'cli/commands/planted.test.ts',
    );
    expect(messages.map((message) => message.line)).toEqual([1, 2, 3]);
    expect(messages[0].message).toContain('cli/ runs in Node without a page: it imports only src/core and src/io');
  });

  it('cli/ may not import the store', async () => {
    const messages = await boundaryMessages(
      "import { explorerStore } from '../src/state/store.ts';\nexport const planted = explorerStore;\n",
      'cli/planted.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].severity).toBe(2);
    expect(messages[0].message).toContain('cli/ runs in Node without a page');
  });

  it('src/io imports only src/core', async () => {
    const messages = await boundaryMessages(
      [
        "import { singleRankData } from '../core/index.ts';",
        "import { explorerStore } from '../state/store.ts';",
        "import { api } from '../../workers/api.ts';",
        'export const planted = [singleRankData, explorerStore, api];',
        '',
      ].join('\n'),
      'src/io/planted.ts',
    );
    expect(messages.map((message) => message.line)).toEqual([2, 3]);
    expect(messages[0].message).toContain('it imports only src/core');
    const helpers = await boundaryMessages(
      "import { expectClose } from '../../test/expectClose.ts';\nexport const planted = expectClose;\n",
      'src/io/planted.test.ts',
    );
    expect(helpers).toEqual([]);
  });

  it('src/core at any depth may not import the layers above it', async () => {
    const messages = await boundaryMessages(
      "import { explorerStore } from '../../state/store.ts';\nexport const planted = explorerStore;\n",
      'src/core/distribution/planted.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].message).toContain('src/core is the pure math library');
  });

  it('the real workers/, src/figures, src/state, cli/, src/io, src/core, src/components and src/app break no boundary', async () => {
    const boundariesOnly = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === BOUNDARY_RULE });
    const results = await boundariesOnly.lintFiles([
      'workers',
      'src/figures',
      'src/state',
      'cli',
      'src/io',
      'src/core',
      'src/components',
      'src/app',
    ]);
    expect(results.length).toBeGreaterThan(100);
    const broken = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath.slice(root.length)}:${message.line} ${message.message}`),
    );
    expect(broken).toEqual([]);
  }, 120_000); // lints ~700 files: 10 s on a quiet machine, 33 s seen at load 10
});
