/**
 * `sampled-metrics recover`: the distribution P̂(R), R = 1..n, of true ranks learned from sampled ranks (Jin et al.
 * 2021): mle (EM, eqs 19–21), wmle (eqs 22–23), mes (eqs 24–27) or bv-dist:G (eq 15).
 */
import type { DistributionMethod } from '../../src/core/index.ts';
import {
  isDistributionMethod,
  methodSyntaxes,
  orList,
  parseMethod,
  recoverDistribution,
} from '../../src/core/index.ts';
import { LIMITS } from '../bounds.ts';
import type { Command } from '../command.ts';
import { formatNumber } from '../format.ts';
import {
  COMMON_OPTIONS,
  M_OPTION,
  N_OPTION,
  PER_USER_N_OPTION,
  PRIOR_OPTION,
  readDigits,
  readPerUserN,
  readPrior,
  readRanks,
  readSetup,
  SAMPLED_RANKS_OPTION,
  SAMPLING_OPTION,
  withOption,
  dataError,
} from '../inputs.ts';
import { Progress, PROGRESS_OPTIONS } from '../progress.ts';
import { checkDistributions, checkFits, checkOutputValues, checkVectors, largestOf } from '../workload.ts';

/** Jin et al.'s estimators of P(R) (core estimator registry): `mle`, `wmle`, `mes`, `bv-dist:G`. */
const DISTRIBUTION_METHODS = methodSyntaxes(true, true);

export const recoverCommand: Command = {
  name: 'recover',
  description:
    'Fits P̂(R), R = 1..n, to the sampled ranks r̃ of one recommender: mle (maximum likelihood of the binomial\n' +
    'mixture by EM, eqs 19–21; stops when one step gains less than --tolerance of the log-likelihood per user,\n' +
    'default 1e-5, or with --algorithm newton at a certified distance --tolerance from the maximum), wmle\n' +
    '(weighted MLE, eqs 22–23; wmle:ndcg:10 by default), mes (maximal entropy with squared distance, eqs 24–27,\n' +
    'η = 0.001; solved to a relative duality gap of --tolerance, default 1e-10) or bv-dist:G (eq 15).\n' +
    'Any metric@K is then Σ_R P̂(R) M(R) (eq 14): see `estimate --methods mle,…`.\n' +
    'With an n column (users with their own catalogue size), mle, wmle and mes fit by default one distribution of\n' +
    'the relative position θ = (R − 1)/(N − 1), N the largest n, shared by all users, each user keeping its own n\n' +
    "in the likelihood (--per-user-n shared); P̂(R) is then the distribution of a random user's true rank, and\n" +
    '"relative" holds the fitted distribution of θ over R = 1..N. --per-user-n separate fits every n on its own.\n' +
    'With several recommenders in the file, each gets its own fit (one JSON document per recommender in\n' +
    '"recommenders"; the top-level fields are the first recommender\'s).',
  options: [
    N_OPTION,
    M_OPTION,
    SAMPLED_RANKS_OPTION,
    { name: 'method', value: DISTRIBUTION_METHODS.join('|'), required: true, help: 'the estimator of P(R)' },
    { name: 'tolerance', value: 'T', help: 'stopping tolerance in (0, 1) (see above)' },
    {
      name: 'max-iterations',
      value: 'I',
      help: `iteration cap (default 10000, at most ${LIMITS.maxIterations.toLocaleString('en-US')})`,
    },
    { name: 'algorithm', value: 'em|squarem|newton', help: "mle/wmle solver (default em, the paper's)" },
    PER_USER_N_OPTION,
    PRIOR_OPTION,
    SAMPLING_OPTION,
    ...PROGRESS_OPTIONS,
    ...COMMON_OPTIONS,
  ],
  example: 'sampled-metrics recover --n 3706 --m 99 --sampled-ranks sampled.csv --method mle --json',
  run(args, io) {
    const { itemCount, sampleSize, sampling } = readSetup(args);
    const digits = readDigits(args);
    const method = withOption(args, 'method', () => parseMethod(args.required('method')));
    if (!isDistributionMethod(method)) {
      throw args.error(`--method must be ${orList(DISTRIBUTION_METHODS)}, got "${args.required('method')}"`);
    }
    const tolerance = args.number('tolerance', Number.MIN_VALUE, 1);
    const maxIterations = args.integer('max-iterations', 1, LIMITS.maxIterations);
    const algorithm = args.string('algorithm');
    if (algorithm !== undefined && !['em', 'squarem', 'newton'].includes(algorithm)) {
      throw args.error(`--algorithm must be em, squarem or newton, got "${algorithm}"`);
    }
    const perUserN = readPerUserN(args);
    const prior = readPrior(args, io, itemCount);
    const progress = Progress.open(args, io);
    const sampledRanks = { itemCount, sampleSize, sampling, sampled: true };
    const { recommenders, file } = readRanks(args, io, 'sampled-ranks', sampledRanks);
    const workload = { command: 'recover', itemCount, sampleSize, recommenders, file, metrics: 0, methods: [method] };
    const largest = largestOf([itemCount, ...recommenders.map((r) => largestOf(r.itemCounts ?? []))]);
    const printed = (recommenders.length + 1) * largest;
    const culprit = `--n ${itemCount}, ${recommenders.length} recommenders in ${file}`;
    checkOutputValues('recover', printed, culprit, 'lower n or use fewer recommenders');
    checkVectors({ ...workload, metrics: 1 });
    checkFits({ ...workload, perUserN, maxIterations }, 1);
    checkDistributions(workload);
    const each = progress.counter('recover', 'recommenders');
    const fit = {
      tolerance,
      maxIterations,
      algorithm: algorithm as 'em' | 'squarem' | 'newton' | undefined,
      perUserN,
    };
    const fits = progress.during(() =>
      recommenders.map((data, i) => {
        const result = recoverDistribution(data, method as DistributionMethod, {
          itemCount,
          sampleSize,
          sampling,
          prior,
          fit,
        });
        if (!result.ok) throw dataError(file, data.name, result.error);
        each(i + 1, recommenders.length);
        const r = result.value;
        return {
          recommender: data.name,
          n: r.itemCount,
          m: sampleSize,
          method: method.id,
          distribution: Array.from(r.distribution),
          logLikelihood: r.logLikelihood,
          objective: r.objective,
          gap: r.gap,
          iterations: r.iterations,
          converged: r.converged,
          perUserN: r.perUserN,
          relative: r.relative ? Array.from(r.relative) : null,
        };
      }),
    );
    const first = fits[0];
    const text = fits
      .map((f) => {
        const cdfAt = (k: number) => f.distribution.slice(0, k).reduce((a, b) => a + b, 0);
        return (
          `${f.recommender}: P̂(R) by ${f.method}, n = ${f.n}, m = ${f.m}, ${f.iterations} iterations` +
          `${f.perUserN !== 'separate' ? `, one fit for all users with their own n (${f.perUserN})` : ''}` +
          `${f.converged ? '' : ' (iteration cap reached)'}\n` +
          `  log-likelihood ${f.logLikelihood === null ? '—' : formatNumber(f.logLikelihood, digits)}, ` +
          `objective ${f.objective === null ? '—' : formatNumber(f.objective, digits)}, ` +
          `certified gap ${f.gap === null ? '—' : f.gap.toExponential(2)}\n` +
          `  P̂(R ≤ K) = Recall@K: ` +
          [1, 5, 10, 20, 100]
            .filter((k) => k <= f.n)
            .map((k) => `K=${k} ${formatNumber(cdfAt(k), digits)}`)
            .join(', ') +
          '\n'
        );
      })
      .join('\n');
    return {
      json: { ...first, sampling, recommenders: fits },
      text,
    };
  },
};
