import { describe, expect, it } from 'vitest';
import { COMMANDS, run } from './run.ts';
import { cli } from './testing.ts';

describe('help and unexpected failures', () => {
  it.each(['exact', 'expected', 'correct', 'estimate', 'simulate'])(
    '`%s --help` prints usage and exits 0',
    async (name) => {
      const result = await cli([name, '--help']);
      expect([result.code, result.err]).toEqual([0, '']);
      expect(result.out).toMatch(new RegExp(`^usage: sampled-metrics ${name} --n N`));
      expect(result.out).toContain('--json');
      expect(result.out).toContain(`example:\n  sampled-metrics ${name} `);
    },
  );

  it('--help wins over missing options, and `help COMMAND` works too', async () => {
    expect((await cli(['simulate', '--n', '5', '--help'])).code).toBe(0);
    const help = await cli(['help', 'correct']);
    expect(help.out).toMatch(/^usage: sampled-metrics correct/);
    const all = await cli(['--help']);
    expect(all.code).toBe(0);
    for (const name of ['exact', 'expected', 'correct', 'estimate', 'simulate'])
      expect(all.out).toContain(`  ${name} `);
  });

  it('each command of the list loads the command of that name (cli/run.ts imports them only when they run)', async () => {
    expect(COMMANDS.map((c) => c.name)).toEqual([
      'exact',
      'expected',
      'correct',
      'estimate',
      'recover',
      'simulate',
      'variants',
    ]);
    for (const entry of COMMANDS) expect((await entry.load()).name).toBe(entry.name);
  });

  it('an unexpected exception is a bug: exit 1 with the message, nothing on stdout', async () => {
    let out = '';
    let err = '';
    const io = {
      stdout: (text: string) => void (out += text),
      stderr: (text: string) => void (err += text),
      readFile: (): Uint8Array => {
        throw new TypeError('the disk is on fire');
      },
    };
    // A reader that fails without an fs error code is reported as unreadable (status 2)…
    expect(await run(['exact', '--n', '10', '--ranks', 'r.csv', '--metrics', 'ap'], io)).toBe(2);
    expect(err).toContain('cannot read --ranks file "r.csv": the disk is on fire');
    // …while a reader returning garbage makes the parser throw: that is a bug.
    err = '';
    const broken = { ...io, readFile: () => null as unknown as Uint8Array };
    expect(await run(['exact', '--n', '10', '--ranks', 'r.csv', '--metrics', 'ap'], broken)).toBe(1);
    expect(err).toMatch(/^sampled-metrics: internal error \(a bug; please report it\): TypeError/);
    expect(out).toBe('');
  });
});
