#!/usr/bin/env node
/**
 * Before/after benchmarks in one run: `node bench/compare.mjs --base REF [--rounds R] [-- BENCH ARGS]` checks out REF
 * (a commit before a change) into a temporary worktree sharing this checkout's node_modules, then runs
 * `npm run bench -- BENCH ARGS` in both trees R times (default 3), alternating which goes first, and prints for every
 * case both trees report the median of each tree's medians and their ratio (this tree over REF). Cases more than 5%
 * slower are marked. Interleaving the two trees in one run is what makes the ratio meaningful on a shared, noisy
 * machine: both see the same load. The worktree is removed at the end.
 * Example: node bench/compare.mjs --base 915e8ed -- --solves
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const own = split < 0 ? argv : argv.slice(0, split);
const benchArgs = split < 0 ? [] : argv.slice(split + 1);
const option = (name, fallback) => {
  const at = own.indexOf(`--${name}`);
  return at < 0 ? fallback : own[at + 1];
};
const base = option('base');
const rounds = Number(option('rounds', '3'));
if (!base || !(rounds >= 1)) {
  process.stderr.write('usage: node bench/compare.mjs --base REF [--rounds R] [-- BENCH ARGS]\n');
  process.exit(2);
}

const here = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'bench-base-'));
const git = (...args) => execFileSync('git', ['-C', here, ...args], { encoding: 'utf8' }).trim();
const sha = git('rev-parse', base);
git('worktree', 'add', '--detach', dir, sha);
symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'));

/** Runs the bench in `tree`; returns case name → median ms. */
function run(tree) {
  const result = spawnSync('node', ['--expose-gc', 'bin/tsx-run.mjs', 'bench/run.ts', ...benchArgs], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (result.status !== 0) throw new Error(`bench failed in ${tree}:\n${result.stderr}`);
  const medians = new Map();
  for (const line of result.stdout.split('\n')) {
    const match = /^(.+?)\s+median\s+([\d.]+) (ms|s)\b/.exec(line);
    if (match) medians.set(match[1].trim(), Number(match[2]) * (match[3] === 's' ? 1000 : 1));
  }
  return medians;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = { base: new Map(), head: new Map() };
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    for (const which of order) {
      const medians = run(which === 'base' ? dir : here);
      for (const [name, ms] of medians) {
        if (!samples[which].has(name)) samples[which].set(name, []);
        samples[which].get(name).push(ms);
      }
      process.stderr.write(`round ${round + 1}/${rounds}: ${which} done (${medians.size} cases)\n`);
    }
  }
} finally {
  git('worktree', 'remove', '--force', dir);
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `before: ${base} (${sha.slice(0, 10)}), after: this tree; ${rounds} interleaved rounds, bench ${benchArgs.join(' ')}`,
);
console.log(`${'case'.padEnd(64)} ${'before'.padStart(10)} ${'after'.padStart(10)}  ratio`);
let slower = 0;
for (const [name, after] of samples.head) {
  const before = samples.base.get(name);
  if (!before) continue;
  const [b, a] = [median(before), median(after)];
  const ratio = a / b;
  if (ratio > 1.05) slower++;
  const mark = ratio > 1.05 ? '  slower' : '';
  console.log(
    `${name.padEnd(64)} ${b.toFixed(1).padStart(10)} ${a.toFixed(1).padStart(10)}  ${ratio.toFixed(3)}${mark}`,
  );
}
console.log(`${slower} case(s) more than 5% slower`);
