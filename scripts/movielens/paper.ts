/**
 * Krichene & Rendle (KDD 2020), Tables 3 and 4, as printed (percent). Table 3: mean ± std over 100 repetitions
 * of the sampled evaluation (m = 100). Table 4: in how many of the 100 repetitions a method orders a pair of
 * recommenders as their exact metric does. In the text of Table 4 we have, the rows "Y vs Z" NDCG, AP and AUC
 * have six numbers for seven columns; the printed ones are 100 100 100 94 70 67 (NDCG), 100 100 100 98 75 68
 * (AP), 100 ×6 (AUC). Since the last three must be BV 0.1, 0.01, 0.001, the lost cell is one of four leading
 * 100s, so it is 100.
 */
export const PAPER_METRICS = ['recall@10', 'ndcg@10', 'ap', 'auc'] as const;
export const PAPER_METHODS = ['sampled', 'rank-estimate', 'cls', 'bv:1', 'bv:0.1', 'bv:0.01'] as const;

type Cell = readonly [number, number];

/** table3[metric][recommender] = [exact, ...PAPER_METHODS as [mean, std]]. */
export const TABLE3: Record<string, Record<string, { exact: number; methods: readonly Cell[] }>> = {
  'recall@10': {
    X: {
      exact: 7.6,
      methods: [
        [66.19, 0.25],
        [17.46, 0.32],
        [8.52, 0.16],
        [4.71, 0.07],
        [6.49, 0.25],
        [7.18, 0.59],
      ],
    },
    Y: {
      exact: 8.84,
      methods: [
        [56.51, 0.22],
        [17.26, 0.28],
        [8.42, 0.14],
        [4.6, 0.07],
        [6.95, 0.21],
        [8.18, 0.51],
      ],
    },
    Z: {
      exact: 9.42,
      methods: [
        [54.2, 0.22],
        [18.67, 0.32],
        [9.1, 0.15],
        [4.97, 0.07],
        [7.44, 0.24],
        [8.63, 0.59],
      ],
    },
  },
  'ndcg@10': {
    X: {
      exact: 3.76,
      methods: [
        [39.21, 0.2],
        [17.46, 0.32],
        [3.99, 0.07],
        [2.16, 0.04],
        [3.0, 0.12],
        [3.34, 0.32],
      ],
    },
    Y: {
      exact: 4.59,
      methods: [
        [34.82, 0.16],
        [17.26, 0.28],
        [3.94, 0.06],
        [2.12, 0.03],
        [3.24, 0.1],
        [3.85, 0.28],
      ],
    },
    Z: {
      exact: 4.79,
      methods: [
        [35.34, 0.16],
        [18.67, 0.32],
        [4.27, 0.07],
        [2.29, 0.04],
        [3.46, 0.12],
        [4.05, 0.32],
      ],
    },
  },
  ap: {
    X: {
      exact: 3.75,
      methods: [
        [32.55, 0.21],
        [18.12, 0.31],
        [3.58, 0.06],
        [2.44, 0.03],
        [3.13, 0.09],
        [3.37, 0.21],
      ],
    },
    Y: {
      exact: 4.32,
      methods: [
        [30.01, 0.2],
        [17.81, 0.28],
        [3.54, 0.06],
        [2.32, 0.03],
        [3.19, 0.07],
        [3.62, 0.18],
      ],
    },
    Z: {
      exact: 4.44,
      methods: [
        [30.71, 0.21],
        [19.2, 0.31],
        [3.82, 0.06],
        [2.45, 0.03],
        [3.38, 0.08],
        [3.79, 0.21],
      ],
    },
  },
  auc: {
    X: {
      exact: 89.13,
      methods: [
        [89.12, 0.04],
        [89.24, 0.04],
        [89.12, 0.04],
        [88.36, 0.04],
        [89.04, 0.04],
        [89.11, 0.04],
      ],
    },
    Y: {
      exact: 85.33,
      methods: [
        [85.33, 0.04],
        [85.48, 0.04],
        [85.32, 0.04],
        [84.63, 0.04],
        [85.26, 0.04],
        [85.32, 0.04],
      ],
    },
    Z: {
      exact: 74.73,
      methods: [
        [75.04, 0.23],
        [75.24, 0.2],
        [75.04, 0.21],
        [74.51, 0.23],
        [75.02, 0.2],
        [75.02, 0.24],
      ],
    },
  },
};

export const TABLE4_METHODS = [...PAPER_METHODS, 'bv:0.001'] as const;

/** table4[pair][metric] = correct orderings out of 100, per TABLE4_METHODS. */
export const TABLE4: Record<string, Record<string, readonly number[]>> = {
  'X vs Y': {
    'recall@10': [0, 31, 31, 11, 93, 91, 78],
    'ndcg@10': [0, 31, 31, 15, 93, 88, 76],
    ap: [0, 24, 31, 0, 68, 79, 66],
    auc: [100, 100, 100, 100, 100, 100, 100],
  },
  'X vs Z': {
    'recall@10': [0, 100, 100, 100, 100, 95, 86],
    'ndcg@10': [0, 100, 100, 100, 100, 95, 82],
    ap: [0, 100, 100, 61, 99, 92, 81],
    auc: [100, 100, 100, 100, 100, 100, 100],
  },
  'Y vs Z': {
    'recall@10': [0, 100, 100, 100, 95, 72, 68],
    'ndcg@10': [100, 100, 100, 100, 94, 70, 67],
    ap: [100, 100, 100, 100, 98, 75, 68],
    auc: [100, 100, 100, 100, 100, 100, 100],
  },
};
