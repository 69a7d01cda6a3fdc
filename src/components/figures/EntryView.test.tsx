import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { singleRankData, UNIFORM_PRIOR } from '../../core/index.ts';
import { DEFAULT_FIGURES_VIEW, FIGURE_DEFAULTS } from '../../state/figureView.ts';
import { inline } from '../../state/testing.ts';
import { TOY_RECOMMENDERS } from '../../state/toyExample.ts';
import type { PlotFigure } from '../../figures/plot.ts';
import { correctedLimit } from './entries/correctedSweep.tsx';
import { FIGURE_REGISTRY } from './entries/index.ts';
import { EntryView } from './EntryView.tsx';
import { requestKey } from '../../state/requestKey.ts';
import { JobStatus, type JobStatusProps } from './JobStatus.tsx';
import type { FigureInputs } from './types.ts';

const inputs: FigureInputs = {
  recommenders: TOY_RECOMMENDERS.slice(0, 2).map(({ name, data }) => ({ name, color: null, data })),
  rankKind: 'true',
  itemCount: 10_000,
  sampleSize: 99,
  sampling: 'with-replacement',
  metrics: ['auc', 'ap'],
  prior: UNIFORM_PRIOR,
  compute: inline,
  width: 900,
  active: true,
  figureView: DEFAULT_FIGURES_VIEW,
  onFigureView: () => {},
};

const entries = FIGURE_REGISTRY.flatMap((tab) => tab.entries);
const computed = entries.filter((entry) => entry.compute !== null);

/** The buttons of a rendered element tree, by their text (the tree of a function component called directly). */
function buttons(node: ReactNode, found: Record<string, () => void> = {}): Record<string, () => void> {
  if (Array.isArray(node)) node.forEach((n) => buttons(n, found));
  else if (isValidElement(node)) {
    const element = node as ReactElement<{ children?: ReactNode; onClick?: () => void }>;
    if (element.type === 'button') found[String(element.props.children)] = element.props.onClick!;
    buttons(element.props.children, found);
  }
  return found;
}

const job = (change: Partial<JobStatusProps['job']>): JobStatusProps['job'] => ({
  status: 'idle',
  progress: null,
  message: null,
  retryable: false,
  cancel: vi.fn(),
  again: vi.fn(),
  ...change,
});

describe('EntryView (the one view of every figure and table)', () => {
  it.each(computed.map((entry) => [entry.id, entry] as const))(
    '%s shows Cancel from its first render while it computes',
    (_id, entry) => {
      const html = renderToStaticMarkup(<EntryView entry={entry} inputs={inputs} />);
      expect(html).toMatch(/<button type="button">Cancel<\/button>/);
      expect(html).not.toContain('Retry');
    },
  );

  it('says why it cannot draw, with neither Cancel nor Retry, and names the prior in the ledes', () => {
    const sampled = { ...inputs, rankKind: 'sampled' as const };
    const tables = entries.find((e) => e.id === 'tables-expected')!;
    const html = renderToStaticMarkup(<EntryView entry={tables} inputs={sampled} />);
    expect(html).toContain('Tables 1–2 need true ranks — these are sampled ranks (each the held-out item’s rank among');
    expect(html).not.toMatch(/Cancel|Retry/);
    // With the paper's data at hand, the switch to true ranks is offered (it is all the table needs).
    const offered = renderToStaticMarkup(
      <EntryView entry={tables} inputs={{ ...sampled, onLoadPaperData: vi.fn() }} />,
    );
    expect(offered).toContain('<button type="button">Load MovieLens 1M true ranks (X, Y, Z)</button>');
    const none = renderToStaticMarkup(<EntryView entry={tables} inputs={{ ...inputs, recommenders: [] }} />);
    expect(none).toContain('Add a recommender’s ranks');
    const power = { ...inputs, prior: { kind: 'power' as const, exponent: 2 } };
    for (const id of ['fig4', 'fig6', 'tables-kr']) {
      const lede = renderToStaticMarkup(<EntryView entry={entries.find((e) => e.id === id)!} inputs={power} />);
      expect(lede).toContain('prior p(r) ∝ r^−2');
    }
  });

  it('with sampled ranks, Figures 2 and 6 and the studies run on the population drawn from P̂, and say so', () => {
    const sampled = { ...inputs, rankKind: 'sampled' as const };
    for (const id of ['fig2', 'fig6', 'tables-kr', 'tables-jin']) {
      const entry = entries.find((e) => e.id === id)!;
      const html = renderToStaticMarkup(<EntryView entry={entry} inputs={sampled} />);
      expect(html, id).toContain('Population: the MLE-recovered rank distribution of each recommender');
      expect(html, id).not.toMatch(/needs true ranks|Retry/);
      expect(entry.request(sampled, FIGURE_DEFAULTS[entry.settings.id as 'fig6']).population).toEqual({
        method: 'mle',
        seed: 1,
        sampleSize: 99,
      });
      expect(entry.request(inputs, FIGURE_DEFAULTS[entry.settings.id as 'fig6']).population).toBeNull();
    }
  });

  it('moving m on Figure 2 moves its marker without a new sweep (the request, and so its key, does not change)', async () => {
    const entry = entries.find((e) => e.id === 'fig2')!;
    const values = FIGURE_DEFAULTS.fig2;
    const request = entry.request(inputs, values);
    expect(requestKey(entry.request({ ...inputs, sampleSize: 100 }, values))).toBe(requestKey(request));
    const signal = new AbortController().signal;
    const result = await inline.run('fig2', signal, (api) =>
      entry.compute!(
        api,
        request,
        signal,
        () => {},
        (task) => inline.run('second', signal, task),
        () => {},
      ),
    );
    const view = { values, width: 900, recommenders: [], sampleSize: 100 };
    const marks = (sampleSize: number) =>
      (entry.model(result, request, { ...view, sampleSize }) as PlotFigure).panels[0].texts
        .map((t) => t.text)
        .filter((text) => text.startsWith('m = '));
    expect(marks(100)).toEqual(['m = 100']);
    expect(marks(1234)).toEqual(['m = 1,234']);
  });

  it('Figure 6 solves the corrections up to m = 1,000, or a tenth of the smallest n without replacement with many n', () => {
    const many = singleRankData(
      'U',
      Array.from({ length: 30 }, () => 1),
      null,
      Array.from({ length: 30 }, (_, i) => 1393 + i),
    );
    const recommenders = [{ name: 'U', color: null, data: many }];
    expect(correctedLimit({ recommenders, sampling: 'without-replacement' })).toBe(139);
    expect(correctedLimit({ recommenders, sampling: 'with-replacement' })).toBe(1000);
    expect(correctedLimit({ recommenders: inputs.recommenders, sampling: 'without-replacement' })).toBe(1000);
  });

  it('a study above the automatic size waits for its button', () => {
    const big = { ...inputs, figureView: { ...DEFAULT_FIGURES_VIEW, settings: { tables: { studyRepeats: 1000 } } } };
    const many = {
      ...big,
      recommenders: big.recommenders.map((r) => ({ ...r, data: singleRankData(r.name, Array(20).fill(5)) })),
    };
    const html = renderToStaticMarkup(<EntryView entry={entries.find((e) => e.id === 'tables-kr')!} inputs={many} />);
    expect(html).toContain('Run the study (40 instances × 1000 repetitions)');
    expect(html).not.toContain('Cancel');
  });
});

describe('JobStatus', () => {
  it('Cancel while computing calls the job’s cancel (which aborts the run: jobRunner.test.ts)', () => {
    const loading = job({ status: 'loading', progress: 0.42 });
    const found = buttons(JobStatus({ job: loading, problem: null }));
    expect(Object.keys(found)).toEqual(['Cancel']);
    found.Cancel();
    expect(loading.cancel).toHaveBeenCalledOnce();
    expect(renderToStaticMarkup(JobStatus({ job: loading, problem: null }))).toContain('Computing… 42%');
  });

  it('after Cancel says so and offers Run again; Retry only after a failure that running again may fix', () => {
    const cancelled = job({ status: 'cancelled' });
    const found = buttons(JobStatus({ job: cancelled, problem: null }));
    expect(Object.keys(found)).toEqual(['Run again']);
    found['Run again']();
    expect(cancelled.again).toHaveBeenCalledOnce();
    expect(renderToStaticMarkup(JobStatus({ job: cancelled, problem: null }))).toContain('Cancelled.');
    const failed = job({ status: 'error', message: 'The computation’s worker failed.', retryable: true });
    expect(Object.keys(buttons(JobStatus({ job: failed, problem: null })))).toEqual(['Retry']);
    const wrongInput = job({ status: 'error', message: 'rank 8437 is outside 1..5000' });
    expect(Object.keys(buttons(JobStatus({ job: wrongInput, problem: null })))).toEqual([]);
    expect(Object.keys(buttons(JobStatus({ job: job({ status: 'ready' }), problem: null })))).toEqual([]);
  });
});
