import { describe, expect, it } from 'vitest';
import { defaultDocument } from './document.ts';
import {
  DEFAULT_FIGURES_VIEW,
  figureSetting,
  figuresViewOf,
  restoreFiguresView,
  withFiguresView,
  withFigureSetting,
  withSeriesToggled,
} from './figureView.ts';
import { decodeFragment, encodeFragment } from './linkCodec.ts';
import { restoreDocument, toWireDocument } from './restore.ts';

async function deflatedFragment(json: string): Promise<string> {
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return `#v1.${Buffer.from(bytes).toString('base64url')}`;
}

describe("the figures' view (tab, settings, legends)", () => {
  it('reads a setting as stored, else the paper’s default, and stores only values that differ from it', () => {
    expect(figureSetting(DEFAULT_FIGURES_VIEW, 'fig3', 'zoom')).toBe(1000);
    const zoomed = withFigureSetting(DEFAULT_FIGURES_VIEW, 'fig3', 'zoom', 10_000);
    expect(zoomed.settings).toEqual({ fig3: { zoom: 10_000 } });
    expect(figureSetting(zoomed, 'fig3', 'zoom')).toBe(10_000);
    const logged = withFigureSetting(zoomed, 'fig3', 'xScale', 'log');
    expect(logged.settings).toEqual({ fig3: { zoom: 10_000, xScale: 'log' } });
    const back = withFigureSetting(withFigureSetting(logged, 'fig3', 'zoom', 1000), 'fig3', 'xScale', 'linear');
    expect(back.settings).toEqual({});
  });

  it('toggles a legend entry per figure, dropping empty lists', () => {
    const hidden = withSeriesToggled(DEFAULT_FIGURES_VIEW, 'fig3', 'm100');
    expect(hidden.hidden).toEqual({ fig3: ['m100'] });
    expect(withSeriesToggled(hidden, 'fig3', 'm100').hidden).toEqual({});
  });

  it('keeps Figure 1’s hidden series in the view’s hiddenSeries (the field older links carry)', () => {
    const view = { ...defaultDocument().view, hiddenSeries: ['ndcg'] };
    const figures = figuresViewOf(view);
    expect(figures.hidden).toEqual({ fig1: ['ndcg'] });
    const next = withFiguresView(view, withSeriesToggled(withSeriesToggled(figures, 'fig1', 'ap'), 'fig2', 'B'));
    expect(next.hiddenSeries).toEqual(['ndcg', 'ap']);
    expect(next.figures.hidden).toEqual({ fig2: ['B'] });
  });

  it('restores valid values, and replaces each invalid one by its default with a problem that names it', () => {
    const problems: string[] = [];
    const restored = restoreFiguresView(
      {
        tab: 'fig3',
        settings: {
          fig1: { metrics: 'auc, alert(1)', zoom: 50, yScale: 'log' },
          fig3: { zoom: 1.5, xScale: 'log', sampleSizes: '10, 20' },
          fig4: { metric: 'ap@5', gammas: '2' },
          fig6: { gamma: 0.1 },
          fig9: { zoom: 3 },
          fig7: { repeats: 5000, colour: 'red' },
          tables: { studyRepeats: 250, jinRepeats: 1 },
        },
        hidden: { fig3: ['m10', 'm10'], fig5: 'A', fig8: ['x'] },
      },
      problems,
    );
    expect(restored).toEqual({
      tab: 'fig3',
      settings: {
        fig1: { zoom: 50, yScale: 'log' },
        fig3: { xScale: 'log', sampleSizes: '10, 20' },
        fig4: { metric: 'ap@5' },
        tables: { studyRepeats: 250 },
      },
      hidden: { fig3: ['m10'] },
    });
    expect(problems).toEqual([
      'fig1 metrics: not valid, the default is used',
      'fig3 zoom: not valid, the default is used',
      'fig4 gammas: not valid, the default is used',
      'settings of an unknown figure "fig9": left out',
      'fig7 repeats: not valid, the default is used',
      'fig7 setting "colour": unknown, left out',
      'tables jinRepeats: not valid, the default is used',
      'hidden series of fig5: not valid, every series is shown',
      'hidden series of an unknown figure "fig8": left out',
    ]);
  });

  it('restores the recovered-distribution figure’s settings (a band level it does not offer gets the default)', () => {
    const problems: string[] = [];
    const restored = restoreFiguresView(
      {
        tab: 'fig7',
        settings: { recovered: { replicates: 5, level: 0.95, cutoff: 20, maxRank: 100, yScale: 'log' } },
      },
      problems,
    );
    expect(restored.settings).toEqual({
      recovered: { replicates: 5, level: 0.95, cutoff: 20, maxRank: 100, yScale: 'log' },
    });
    expect(figureSetting(restored, 'recovered', 'xScale')).toBe('linear');
    expect(problems).toEqual([]);
    const odd = restoreFiguresView({ settings: { recovered: { level: 0.85, replicates: -1 } } }, problems);
    expect(figureSetting(odd, 'recovered', 'level')).toBe(0.9);
    expect(figureSetting(odd, 'recovered', 'replicates')).toBe(50);
    expect(problems).toEqual([
      'recovered level: not valid, the default is used',
      'recovered replicates: not valid, the default is used',
    ]);
  });

  it('never throws on foreign values, and falls back to Figure 1 for an unknown tab', () => {
    for (const raw of [null, 3, 'fig2', [], { tab: '<img>' }, { settings: [] }, { settings: { fig1: 'x' } }]) {
      const problems: string[] = [];
      const restored = restoreFiguresView(raw, problems);
      expect(restored.tab).toBe('fig1');
      expect(problems.length).toBeGreaterThan(0);
    }
  });

  it('round-trips through a link, and a link of the defaults carries no setting', async () => {
    const base = defaultDocument();
    let figures = withFigureSetting(DEFAULT_FIGURES_VIEW, 'fig3', 'zoom', 10_000);
    figures = withSeriesToggled({ ...figures, tab: 'fig3' }, 'fig3', 'm100');
    const document = { ...base, view: { ...base.view, figures } };
    const encoded = await encodeFragment(document);
    const decoded = await decodeFragment(encoded.ok ? encoded.fragment : '');
    expect(decoded?.problems).toEqual([]);
    expect(decoded?.document.view).toEqual(document.view);
    expect(toWireDocument(base).view.figures).toEqual({ tab: 'fig1', settings: {}, hidden: {} });
  });

  it('opens an older link (no figures field) on Figure 1 with its defaults, keeping its hidden series', async () => {
    const old = { version: 1, settings: { itemCount: 500 }, view: { metric: 'ap', hiddenSeries: ['ndcg'] } };
    const decoded = await decodeFragment(await deflatedFragment(JSON.stringify(old)));
    expect(decoded?.problems).toEqual([]);
    expect(decoded?.document.view).toEqual({ metric: 'ap', hiddenSeries: ['ndcg'], figures: DEFAULT_FIGURES_VIEW });
    expect(figuresViewOf(decoded!.document.view).hidden).toEqual({ fig1: ['ndcg'] });
  });

  it('restores an exported file with invalid figure settings: the rest of the document is kept', () => {
    const wire = toWireDocument(defaultDocument());
    const restored = restoreDocument({ ...wire, view: { ...wire.view, figures: { tab: 'fig5', settings: 7 } } });
    expect(restored.document.view.figures.tab).toBe('fig5');
    expect(restored.document.settings).toEqual(defaultDocument().settings);
    expect(restored.problems).toEqual(['figure settings: not readable, the defaults are used']);
  });
});
