/**
 * What to cite for the numbers on the page: BibTeX for the papers behind them and for this tool, with the simple
 * rules that say which papers a view rests on. Titles and authors as the papers print them (Krichene & Rendle's
 * ACM reference format gives their venue and DOI; Jin et al.'s title page); Jin et al.'s AAAI-21 volume, pages and
 * DOI as the proceedings' own page gives them (ojs.aaai.org/index.php/AAAI/article/view/16537), Tamm et al.'s
 * authors, DOI and pages as the ACM DOI's index records give them (their title page is missing from our copy).
 */

export type PaperId = 'krichene2020' | 'jin2021' | 'tamm2021';

export interface Paper {
  readonly id: PaperId;
  /** "Krichene & Rendle (KDD 2020)". */
  readonly short: string;
  readonly bibtex: string;
}

export const PAPERS: Readonly<Record<PaperId, Paper>> = {
  krichene2020: {
    id: 'krichene2020',
    short: 'Krichene & Rendle (KDD 2020)',
    bibtex: `@inproceedings{krichene2020sampled,
  author    = {Krichene, Walid and Rendle, Steffen},
  title     = {On Sampled Metrics for Item Recommendation},
  booktitle = {Proceedings of the 26th ACM SIGKDD Conference on Knowledge Discovery and Data Mining (KDD '20)},
  year      = {2020},
  pages     = {1748--1757},
  publisher = {ACM},
  address   = {New York, NY, USA},
  doi       = {10.1145/3394486.3403226}
}`,
  },
  jin2021: {
    id: 'jin2021',
    short: 'Jin et al. (AAAI 2021)',
    bibtex: `@inproceedings{jin2021estimating,
  author    = {Jin, Ruoming and Li, Dong and Mudrak, Benjamin and Gao, Jing and Liu, Zhi},
  title     = {On Estimating Recommendation Evaluation Metrics under Sampling},
  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence (AAAI-21)},
  year      = {2021},
  volume    = {35},
  number    = {5},
  pages     = {4147--4154},
  doi       = {10.1609/aaai.v35i5.16537}
}`,
  },
  tamm2021: {
    id: 'tamm2021',
    short: 'Tamm et al. (RecSys 2021)',
    bibtex: `@inproceedings{tamm2021quality,
  author    = {Tamm, Yan-Martin and Damdinov, Rinchin and Vasilev, Alexey},
  title     = {Quality Metrics in Recommender Systems: Do We Calculate Metrics Consistently?},
  booktitle = {Proceedings of the 15th ACM Conference on Recommender Systems (RecSys '21)},
  year      = {2021},
  pages     = {708--713},
  publisher = {ACM},
  address   = {New York, NY, USA},
  doi       = {10.1145/3460231.3478848}
}`,
  },
};

/** BibTeX for this tool at its version, address and year of use. */
export function toolBibtex(version: string, url: string, year: number): string {
  return `@software{sampled_metrics_explorer,
  title   = {Sampled Metrics Explorer: exact, expected-sampled and corrected ranking metrics},
  version = {${version}},
  year    = {${year}},
  url     = {${url}},
  note    = {Implements Krichene and Rendle (KDD 2020) and Jin et al. (AAAI 2021)}
}`;
}

/** What the page shows, as far as the citation rules need it. */
export interface ShownNumbers {
  /** Sampled ranks: the estimates of the exact metrics (corrections and Jin et al.'s estimators) are shown. */
  readonly rankKind: 'true' | 'sampled';
  /** The open figures tab: Figure 7 is Jin et al.'s Figure 2, the Tables tab holds their Tables 2 and 4. */
  readonly figureTab: string;
  /** A metric is read as another library's variant (Tamm et al.), or tied ranks follow a tie rule. */
  readonly variants: boolean;
}

export interface Citation {
  readonly paper: Paper;
  /** Why: which numbers on the page rest on it. */
  readonly reason: string;
}

/** The papers behind the numbers shown, each with the reason (Krichene & Rendle always: every view uses them). */
export function citationsFor(shown: ShownNumbers): Citation[] {
  const out: Citation[] = [
    {
      paper: PAPERS.krichene2020,
      reason: 'exact and sampled metrics, the expected sampled metric and its spread, the corrections, Figures 1–6',
    },
  ];
  const jin: string[] = [];
  if (shown.rankKind === 'sampled') jin.push('the estimates from sampled ranks (MLE, WMLE, MES, BV-dist)');
  if (shown.figureTab === 'fig7') jin.push('Figure 7 (their Figure 2)');
  if (shown.figureTab === 'tables') jin.push('their Tables 2 and 4 in the Tables tab');
  if (jin.length > 0) out.push({ paper: PAPERS.jin2021, reason: jin.join('; ') });
  if (shown.variants) {
    out.push({ paper: PAPERS.tamm2021, reason: 'the metric variants of other libraries and the handling of ties' });
  }
  return out;
}

/** One BibTeX file: the papers behind the numbers, then the tool. */
export function citationBibtex(citations: readonly Citation[], tool: string): string {
  return `${[...citations.map((c) => c.paper.bibtex), tool].join('\n\n')}\n`;
}
