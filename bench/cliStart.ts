/**
 * `npm run bench -- --cli`: the `sampled-metrics` command as a user meets it, a new process each run, `--help` and a
 * small `correct` (the README's example: n = 10,000, m = 100, AP, BV with γ = 0.1, --json; and the same with the
 * rank estimate, next to no computation), against, in the same run and interleaved round by round:
 * - Python importing numpy and scipy.stats (`python3 -c 'import numpy, scipy.stats'`), the like-for-like anchor:
 *   what a Python script pays before its first line of work (issue 30's target: ≤ 0.3 s wall and ≤ 0.25 of it);
 * - Node doing nothing (`node -e 0`), the floor no Node command goes below;
 * - the same commands from the TypeScript sources through tsx (bench/cliFromSources.ts), as the bin ran them before
 *   the compiled CLI.
 * Medians of wall time and, on Linux, of CPU time (user + system of the child, from /proc/self/stat's cutime and
 * cstime: 10 ms ticks).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCli, currentBuild } from '../scripts/cli/build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PYTHONS = ['/usr/bin/python3', 'python3'];
const CORRECT = ['correct', '--n', '10000', '--m', '100', '--metrics', 'ap', '--method', 'bv', '--gamma', '0.1'];
/** The same with next to no computation: what loading the core costs. */
const RANK_ESTIMATE = ['correct', '--n', '10000', '--m', '100', '--metrics', 'ap', '--method', 'rank-estimate'];

interface Case {
  readonly name: string;
  readonly command: readonly string[];
  /** Timed in these rounds only (the tsx runs are slow). */
  readonly every?: number;
}

interface Timing {
  wallMs: number;
  cpuMs: number | null;
}

export async function runCliStartBenches(quick: boolean): Promise<void> {
  if (currentBuild(ROOT) === null) await buildCli(ROOT);
  const python = PYTHONS.find((p) => spawnSync(p, ['-c', 'import numpy, scipy.stats']).status === 0);
  const node = process.execPath;
  const cases: Case[] = [
    { name: 'node -e 0 (the floor)', command: [node, '-e', '0'] },
    ...(python
      ? [{ name: "python3 -c 'import numpy, scipy.stats'", command: [python, '-c', 'import numpy, scipy.stats'] }]
      : []),
    { name: 'sampled-metrics --help', command: [node, 'bin/sampled-metrics.mjs', '--help'] },
    {
      name: 'sampled-metrics correct (n = 10⁴, m = 100, bv:0.1)',
      command: [node, 'bin/sampled-metrics.mjs', ...CORRECT, '--json'],
    },
    {
      name: 'sampled-metrics correct (the same, rank-estimate)',
      command: [node, 'bin/sampled-metrics.mjs', ...RANK_ESTIMATE, '--json'],
    },
    {
      name: '  the same --help from the sources (tsx)',
      command: [node, 'bin/tsx-run.mjs', 'bench/cliFromSources.ts', '--help'],
      every: 3,
    },
    {
      name: '  the same correct from the sources (tsx)',
      command: [node, 'bin/tsx-run.mjs', 'bench/cliFromSources.ts', ...CORRECT, '--json'],
      every: 3,
    },
  ];
  const rounds = quick ? 5 : 15;
  for (const c of cases) time(c.command); // warm the file cache; not counted
  if (currentBuild(ROOT) === null) throw new Error('dist-cli/ went stale during the bench (a source changed)');
  const timings = cases.map((): Timing[] => []);
  for (let round = 0; round < rounds; round++)
    cases.forEach((c, k) => {
      if (round % (c.every ?? 1) === 0) timings[k].push(time(c.command));
    });

  const medians = timings.map((runs) => ({
    wallMs: median(runs.map((r) => r.wallMs)),
    cpuMs: runs.every((r) => r.cpuMs !== null) ? median(runs.map((r) => r.cpuMs as number)) : null,
  }));
  const anchor = python ? medians[1] : null;
  console.log(
    `CLI start, a new process each run, ${rounds} rounds interleaved (the tsx rows every third), medians:` +
      (python ? '' : ' python3 with numpy and scipy not found, no ratio'),
  );
  cases.forEach((c, k) => {
    const { wallMs, cpuMs } = medians[k];
    const ratio = anchor && c.command[0] !== python ? ` = ${(wallMs / anchor.wallMs).toFixed(2)} of python's` : '';
    const cpu =
      cpuMs === null
        ? ''
        : `, CPU ${cpuMs.toFixed(0)} ms${anchor?.cpuMs ? ` = ${(cpuMs / anchor.cpuMs).toFixed(2)}` : ''}`;
    const target = c.name.startsWith('sampled-metrics')
      ? `  target ≤ 300 ms and ≤ 0.25 of python's: ${verdict(wallMs, anchor)}`
      : '';
    console.log(`  ${c.name.padEnd(52)} wall ${wallMs.toFixed(0).padStart(5)} ms${ratio}${cpu}${target}`);
  });
}

function verdict(wallMs: number, anchor: Timing | null): string {
  const fast = wallMs <= 300;
  const ratio = anchor ? wallMs <= 0.25 * anchor.wallMs : null;
  return `${fast ? 'met' : 'missed'} / ${ratio === null ? 'n/a' : ratio ? 'met' : 'missed'}`;
}

/** Runs the command from the project root and times it; throws when it fails. */
function time(command: readonly string[]): Timing {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(command[0], command.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (${result.status}): ${result.stderr}`);
  return { wallMs, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

/** CPU time (ms) of this process's waited-for children, from Linux's /proc/self/stat; null elsewhere. */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of proc(5), cutime and cstime, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
