/**
 * The CLI's `expected` on a generated rank file of 10⁶ rows (3 recommenders shaped like the paper's X, Y, Z over
 * n = 10⁶ items, seeded), 4 metrics, m = 100: the same run as `sampled-metrics expected` (cli/run.ts), file reading
 * and parsing included. The file is written to the system's temporary directory, never to the repository.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '../src/core/index.ts';
import { run as runCli } from '../cli/run.ts';
import { bench } from './harness.ts';

export function runExpectedCliBench(quick: boolean): void {
  const n = 1_000_000;
  const rows = quick ? 100_000 : 1_000_000;
  const directory = mkdtempSync(join(tmpdir(), 'sampled-metrics-bench-'));
  const file = join(directory, 'ranks.csv');
  try {
    writeFileSync(file, rankFile(n, rows));
    const io = { stdout: () => {}, stderr: () => {}, readFile: (path: string) => readFileSync(path) };
    const args = ['expected', '--n', String(n), '--m', '100', '--ranks', file, '--metrics', 'auc,ap,ndcg,recall@10'];
    bench(
      `CLI expected, ${rows} rows, 4 metrics, n = ${n}, m = 100`,
      3,
      () => runCli([...args, '--json'], io as never),
      'target ≤ 1.2 s at 10⁶ rows',
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** recommender,rank rows: X ranks ⌈n·u^2.5⌉, Y ⌈n^u⌉, Z ⌈n·u⌉ for uniform u (seeded). */
function rankFile(n: number, rows: number): string {
  const random = core.createRandom(11);
  const draw = [
    (u: number) => Math.ceil(n * u ** 2.5),
    (u: number) => Math.ceil(n ** u),
    (u: number) => Math.ceil(n * u),
  ];
  const lines = ['recommender,rank'];
  for (let row = 0; row < rows; row++) {
    const k = row % 3;
    lines.push(`${'XYZ'[k]},${Math.min(n, Math.max(1, draw[k](random.next())))}`);
  }
  return lines.join('\n') + '\n';
}
