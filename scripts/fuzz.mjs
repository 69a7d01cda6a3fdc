#!/usr/bin/env node
// A larger run of the fuzz suites (cli/fuzz.test.ts, src/state/linkFuzz.test.ts) for local use; `npm test` runs
// them with 40 cases per property and a fixed seed. Usage: node scripts/fuzz.mjs [runs per property] [seed]
// (default 2000 and a fresh seed, printed so that a failure can be replayed with the same two numbers).
import { spawnSync } from 'node:child_process';

const runs = process.argv[2] ?? '2000';
const seed = process.argv[3] ?? String(Date.now() % 2 ** 31);
if (!/^\d+$/.test(runs) || !/^-?\d+$/.test(seed)) {
  console.error('usage: node scripts/fuzz.mjs [runs per property] [seed]');
  process.exit(2);
}
console.log(`fuzz: ${runs} runs per property, seed ${seed} (replay: node scripts/fuzz.mjs ${runs} ${seed})`);
const result = spawnSync(
  'npx',
  ['vitest', 'run', 'cli/fuzz.test.ts', 'src/state/linkFuzz.test.ts', '--testTimeout=0'],
  { stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed } },
);
process.exit(result.status ?? 1);
