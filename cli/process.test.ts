/** The real executable: `node bin/sampled-metrics.mjs` registers tsx and runs cli/main.ts (no build step). */
import { spawn as spawnAsync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function spawn(args: string[], input?: string) {
  const result = spawnSync(process.execPath, ['bin/sampled-metrics.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('bin/sampled-metrics.mjs as a process', () => {
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
