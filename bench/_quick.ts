import * as core from '../src/core/index.ts';
import { bench } from './harness.ts';
const four = core.parseMetricList('auc,ap,ndcg,recall@10');
const ap = core.parseMetric('ap');
const big = 1_000_000;
const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'curve')
  bench(`expected curve`, 3, () => core.expectedCurve(four, big, 100, 'with-replacement'));
for (const method of ['ls', 'cls', 'bv'] as const)
  if (which === 'all' || which === method)
    bench(method, 3, () =>
      core.correctionVector(ap, { itemCount: big, sampleSize: 100, sampling: 'with-replacement', method, gamma: 0.1 }),
    );
