/**
 * The compiled CLI and its freshness, on a copy of the sources in a temporary folder (the checkout's own dist-cli/
 * is left alone): a build is current until one of its inputs or outputs changes; the bin rebuilds a stale or missing
 * bundle before running, so an edited source is what runs; where it cannot build, it runs the sources through tsx
 * and says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, currentBuild, OUT_DIR } from './build.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COPIED = ['cli', 'src/core', 'src/io', 'bin', 'scripts/cli', 'package.json', 'tsconfig.base.json'];
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'sampled-metrics-build-'));
  for (const path of COPIED) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

function bin(args: string[]) {
  const result = spawnSync(process.execPath, [join(copy, 'bin/sampled-metrics.mjs'), ...args], {
    cwd: copy,
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Sets a file's modification time `seconds` from now, its content unchanged. */
function touch(path: string, seconds: number): void {
  const time = new Date(Date.now() + seconds * 1000);
  utimesSync(path, time, time);
}

const EXACT_TOY = ['exact', '--n', '10000', '--ranks', join(ROOT, 'test/fixtures/cli/toy.csv'), '--metrics', 'ap'];

describe('the CLI bundle (scripts/cli/build.mjs)', () => {
  it('is current from its build until an input or an output changes', async () => {
    rmSync(join(copy, OUT_DIR), { recursive: true, force: true });
    expect(currentBuild(copy)).toBeNull();
    const entry = await buildCli(copy);
    expect(entry).toMatch(/\/dist-cli\/sampled-metrics-\w+\.mjs$/);
    expect(currentBuild(copy)).toBe(entry);
    // A source edited (its time moved to a second ago: a time within the build's own millisecond would rightly be
    // recorded as unknown), a source whose time went back (a checkout of an older version). (The dependencies'
    // files are inputs too, but node_modules/ is the checkout's own, shared here through a link: not touched.)
    for (const [path, seconds] of [
      ['cli/commands/exact.ts', -1],
      ['src/core/metrics.ts', -3600],
    ] as const) {
      touch(join(copy, path), seconds);
      expect(currentBuild(copy), path).toBeNull();
      await buildCli(copy);
      expect(currentBuild(copy)).not.toBeNull();
    }
    // A source deleted.
    const args = join(copy, 'cli/args.ts');
    const text = readFileSync(args);
    unlinkSync(args);
    expect(currentBuild(copy)).toBeNull();
    writeFileSync(args, text);
    touch(args, -1);
    await buildCli(copy);
    expect(currentBuild(copy)).not.toBeNull();
    // An output deleted.
    const manifest = JSON.parse(readFileSync(join(copy, OUT_DIR, 'build.json'), 'utf8'));
    const chunk = manifest.outputs.find((file: string) => file.startsWith('chunks/correct-'));
    rmSync(join(copy, OUT_DIR, chunk));
    expect(currentBuild(copy)).toBeNull();
  });

  it('bundles every command with the core and nothing of TypeScript left', async () => {
    await buildCli(copy);
    const manifest = JSON.parse(readFileSync(join(copy, OUT_DIR, 'build.json'), 'utf8'));
    for (const name of ['exact', 'expected', 'correct', 'estimate', 'recover', 'simulate', 'variants'])
      expect(manifest.outputs).toContainEqual(expect.stringMatching(new RegExp(`^chunks/${name}-\\w+\\.mjs$`)));
    expect(Object.keys(manifest.inputs)).toContain('src/core/wasm/windowsModule.ts');
    for (const file of manifest.outputs as string[]) {
      const code = readFileSync(join(copy, OUT_DIR, file), 'utf8');
      expect(code, file).not.toMatch(/from ["'][^"']*\.ts["']|import\(["'][^"']*\.ts["']\)|["']tsx/);
    }
  });
});

describe('a source that does not compile', () => {
  it('fails the build with its file, line and error, leaving the last build in place', async () => {
    const last = await buildCli(copy);
    const format = join(copy, 'cli/format.ts');
    const text = readFileSync(format, 'utf8');
    writeFileSync(format, text + '\nexport const broken = ;\n');
    try {
      await expect(buildCli(copy)).rejects.toThrow(/^cli\/format\.ts:\d+: Unexpected ";"$/);
      expect(readFileSync(join(copy, OUT_DIR, 'build.json'), 'utf8')).toContain(last.slice(last.lastIndexOf('/') + 1));
    } finally {
      writeFileSync(format, text);
    }
  });
});

// Whole processes, builds and a tsx run: a few seconds each on an idle machine, several times that on a loaded one.
describe('bin/sampled-metrics.mjs on a changed checkout', { timeout: 90_000 }, () => {
  it('builds a missing bundle, then runs it', () => {
    rmSync(join(copy, OUT_DIR), { recursive: true, force: true });
    const result = bin(EXACT_TOY);
    expect([result.code, result.err]).toEqual([0, '']);
    expect(result.out).toMatch(/^Exact metrics, n = 10000/);
    expect(currentBuild(copy)).not.toBeNull();
  });

  it('runs the edited source, not the old bundle: a changed file is rebuilt first', () => {
    expect(bin(['--help']).out).toContain('  exact     exact metrics from the true ranks among all n items\n');
    const run = join(copy, 'cli/run.ts');
    writeFileSync(run, readFileSync(run, 'utf8').replace('exact metrics from the true ranks', 'EDITED summary'));
    const result = bin(['--help']);
    expect([result.code, result.err]).toEqual([0, '']);
    expect(result.out).toContain('  exact     EDITED summary among all n items\n');
    expect(currentBuild(copy)).not.toBeNull();
  });

  it('two commands started together on a stale bundle both rebuild it safely and succeed', async () => {
    touch(join(copy, 'cli/main.ts'), 0);
    const runs = [0, 1].map(
      () =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
          const child = spawn(process.execPath, [join(copy, 'bin/sampled-metrics.mjs'), ...EXACT_TOY], { cwd: copy });
          let out = '';
          let err = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
          child.on('close', (code) => resolve({ code, out, err }));
        }),
    );
    for (const result of await Promise.all(runs)) {
      expect([result.code, result.err]).toEqual([0, '']);
      expect(result.out).toMatch(/^Exact metrics, n = 10000/);
    }
    expect(currentBuild(copy)).not.toBeNull();
  });

  it('where it cannot build, runs the sources through tsx with a warning', () => {
    rmSync(join(copy, OUT_DIR), { recursive: true, force: true });
    writeFileSync(join(copy, OUT_DIR), 'a file where the folder should be\n');
    const result = bin(['--help']);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(
      /^sampled-metrics: warning: could not build the CLI into dist-cli\/ \(.+\); running the TypeScript sources through tsx instead \(slower\)\.\n$/,
    );
    expect(result.out).toContain('  exact     EDITED summary among all n items\n');
    const exact = bin(EXACT_TOY);
    expect(exact.code).toBe(0);
    expect(exact.out).toMatch(/^Exact metrics, n = 10000/);
    rmSync(join(copy, OUT_DIR));
  });
});
