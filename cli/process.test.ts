/**
 * The real executable: `node bin/sampled-metrics.mjs` runs the bundle of cli/main.ts in dist-cli/ (built by
 * `npm ci`, rebuilt by the bin when a source changed: scripts/cli/build.mjs), with no TypeScript loader.
 */
import { spawn as spawnAsync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, currentBuild } from '../scripts/cli/build.mjs';
import { cli } from './testing.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The tests below run the bundle as it is after `npm ci`; a checkout whose sources changed since is rebuilt here
// (as the bin would on its first run), so that no test times or records a rebuild.
beforeAll(async () => {
  if (currentBuild(ROOT) === null) await buildCli(ROOT);
});

/**
 * Runs `node --import test/fixtures/cli/record-imports.mjs ARGS` and returns every module the process resolved
 * (`import URL` for ES modules, loader hooks included, and `require PATH` for CommonJS) or compiled (`wasm`).
 */
function recordImports(args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sampled-metrics-imports-'));
  const record = join(dir, 'imports.txt');
  try {
    const result = spawnSync(process.execPath, ['--import', './test/fixtures/cli/record-imports.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, RECORD_IMPORTS: record },
    });
    const modules = readFileSync(record, 'utf8').trim().split('\n');
    return { code: result.status, out: result.stdout, err: result.stderr, modules };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A TypeScript file, tsx, esbuild (the bin's rebuild) or the TypeScript compiler. */
const LOADER = /\.[mc]?tsx?(\?|$)|\/node_modules\/(tsx|esbuild|typescript)\//;

function spawn(args: string[], input?: string) {
  const result = spawnSync(process.execPath, ['bin/sampled-metrics.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('bin/sampled-metrics.mjs as a process', () => {
  it('runs the built JavaScript of dist-cli/ and imports no TypeScript loader', () => {
    const result = recordImports([
      'bin/sampled-metrics.mjs',
      'correct',
      '--n',
      '10000',
      '--m',
      '100',
      '--metrics',
      'ap',
      '--method',
      'bv',
      '--gamma',
      '0.1',
      '--json',
    ]);
    expect([result.code, result.err]).toEqual([0, '']);
    expect(JSON.parse(result.out).corrections[0].values).toHaveLength(101);
    expect(result.modules.filter((line) => LOADER.test(line))).toEqual([]);
    expect(result.modules).toContainEqual(
      expect.stringMatching(/^import file:.*\/dist-cli\/sampled-metrics-\w+\.mjs$/),
    );
    expect(result.modules).toContainEqual(
      expect.stringMatching(/^import file:.*\/dist-cli\/chunks\/correct-\w+\.mjs$/),
    );
  });

  it('the import record sees a TypeScript loader where there is one (bin/tsx-run.mjs on a .ts file)', () => {
    const result = recordImports(['bin/tsx-run.mjs', 'test/fixtures/cli/echo-args.ts', 'a']);
    expect([result.code, result.out]).toEqual([0, '["a"]\n']);
    expect(result.modules).toContainEqual(expect.stringMatching(/^import file:.*\/node_modules\/tsx\//));
    expect(result.modules).toContainEqual(expect.stringMatching(/^import file:.*\/echo-args\.ts$/));
  });

  it("runs the core's WebAssembly in the bundle, with the same output as the sources in process", async () => {
    const argv = [
      'recover',
      '--n',
      '10000',
      '--m',
      '99',
      '--sampled-ranks',
      'fixtures/toy-sampled.csv',
      '--method',
      'mle',
    ];
    const result = recordImports([
      'bin/sampled-metrics.mjs',
      ...argv.map((a) => a.replace('fixtures/', 'test/fixtures/cli/')),
      '--json',
    ]);
    expect([result.code, result.err]).toEqual([0, '']);
    expect(result.modules.filter((line) => line.startsWith('wasm '))).toHaveLength(1);
    expect(result.out).toBe((await cli([...argv, '--json'])).out);
  });

  it('`--help` loads no command and none of the core: under 20 kB of dist-cli/', () => {
    const result = recordImports(['bin/sampled-metrics.mjs', '--help']);
    expect([result.code, result.err]).toEqual([0, '']);
    expect(result.out).toMatch(/^usage: sampled-metrics COMMAND/);
    const built = result.modules
      .filter((line) => line.includes('/dist-cli/'))
      .map((line) => fileURLToPath(line.slice('import '.length)));
    expect(built.length).toBeGreaterThan(0);
    expect(built.reduce((bytes, path) => bytes + statSync(path).size, 0)).toBeLessThan(20_000);
  });

  it('prints one JSON document and exits 0', () => {
    const result = spawn([
      'exact',
      '--n',
      '10000',
      '--ranks',
      'test/fixtures/cli/toy.csv',
      '--metrics',
      'ap',
      '--json',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.out);
    expect(doc.results.map((r: { exact: number }) => r.exact.toFixed(3))).toEqual(['0.010', '0.010', '0.101']);
  });

  it('exits 2 with the file, line and value on stderr and nothing on stdout for a bad rank', () => {
    const result = spawn(
      ['exact', '--n', '10000', '--ranks', '-', '--metrics', 'ap'],
      'recommender,rank\nA,5\nA,12000\n',
    );
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toBe('<stdin>:3: rank 12000 is larger than n = 10000\n');
  });

  it('exits 2 for an unknown option and a missing file', () => {
    const unknown = spawn(['expected', '--n', '10', '--m', '3', '--ranks', 'x.csv', '--metrics', 'ap', '--seed', '1']);
    expect([unknown.code, unknown.out]).toEqual([2, '']);
    expect(unknown.err).toMatch(/^unknown option --seed for "expected"/);
    const missing = spawn(['exact', '--n', '10', '--ranks', 'no/such/file.csv', '--metrics', 'ap']);
    expect([missing.code, missing.out]).toEqual([2, '']);
    expect(missing.err).toMatch(/^cannot read --ranks file "no\/such\/file.csv": no such file/);
  });

  it('bin/tsx-run.mjs runs a TypeScript file with its arguments (the bench script uses it)', () => {
    const result = spawnSync(process.execPath, ['bin/tsx-run.mjs', 'test/fixtures/cli/echo-args.ts', 'a', '--b'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(JSON.parse(result.stdout)).toEqual(['a', '--b']);
  });

  it('ends quietly when the reader closes the pipe early (`… | head`): no EPIPE stack trace', async () => {
    const child = spawnAsync(
      process.execPath,
      [
        'bin/sampled-metrics.mjs',
        'correct',
        '--n',
        '1000',
        '--m',
        '20000',
        '--metrics',
        'ap',
        '--method',
        'rank-estimate',
        '--json',
      ],
      { cwd: ROOT },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
  });
});
