import { describe, expect, it } from 'vitest';
import { citationBibtex, citationsFor, PAPERS, toolBibtex } from './citations.ts';

const ids = (shown: Parameters<typeof citationsFor>[0]) => citationsFor(shown).map((c) => c.paper.id);

describe('the papers behind the numbers shown', () => {
  it('cites Krichene & Rendle alone for exact vs. sampled metrics of true ranks', () => {
    expect(ids({ rankKind: 'true', figureTab: 'fig1', variants: false })).toEqual(['krichene2020']);
  });

  it('adds Jin et al. for estimates from sampled ranks, and for their figure and tables', () => {
    expect(ids({ rankKind: 'sampled', figureTab: 'fig1', variants: false })).toEqual(['krichene2020', 'jin2021']);
    expect(ids({ rankKind: 'true', figureTab: 'fig7', variants: false })).toEqual(['krichene2020', 'jin2021']);
    expect(citationsFor({ rankKind: 'sampled', figureTab: 'tables', variants: false })[1].reason).toBe(
      'the estimates from sampled ranks (MLE, WMLE, MES, BV-dist); their Tables 2 and 4 in the Tables tab',
    );
  });

  it('adds Tamm et al. when a metric is read as another library’s variant', () => {
    expect(ids({ rankKind: 'true', figureTab: 'fig2', variants: true })).toEqual(['krichene2020', 'tamm2021']);
  });
});

describe('BibTeX', () => {
  it('gives each paper as @inproceedings with the title as printed (Krichene & Rendle’s DOI from their ACM reference)', () => {
    for (const paper of Object.values(PAPERS)) expect(paper.bibtex).toMatch(/^@inproceedings\{\w+,\n/);
    expect(PAPERS.krichene2020.bibtex).toContain('title     = {On Sampled Metrics for Item Recommendation}');
    expect(PAPERS.krichene2020.bibtex).toContain('doi       = {10.1145/3394486.3403226}');
    expect(PAPERS.jin2021.bibtex).toContain('{On Estimating Recommendation Evaluation Metrics under Sampling}');
  });

  it('cites the tool as @software at its version, the papers first', () => {
    const tool = toolBibtex('0.1.0', 'https://example.org/explorer/', 2026);
    expect(tool).toContain('version = {0.1.0}');
    expect(tool).toContain('url     = {https://example.org/explorer/}');
    const all = citationBibtex(citationsFor({ rankKind: 'true', figureTab: 'fig1', variants: false }), tool);
    expect(all.indexOf('@inproceedings{krichene2020sampled')).toBe(0);
    expect(all).toContain('\n\n@software{sampled_metrics_explorer,');
    // Braces balance in every entry (a BibTeX parser reads them as groups).
    for (const entry of all.split('\n\n')) {
      expect(entry.split('{').length).toBe(entry.split('}').length);
    }
  });
});
