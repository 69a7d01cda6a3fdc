import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import type { CliIo } from './io.ts';
import { Progress, PROGRESS_OPTIONS } from './progress.ts';

function recorder(terminal = false): CliIo & { err: string } {
  const io = {
    err: '',
    stdout: () => {},
    stderr: (text: string) => void (io.err += text),
    readFile: () => new Uint8Array(),
    terminal,
  };
  return io;
}

describe('Progress', () => {
  it('in lines mode writes the first and the last report of a count, and at most one a second between', () => {
    const io = recorder();
    let now = 0;
    const progress = new Progress(io, 'lines', () => now);
    const report = progress.counter('simulate', 'repetitions');
    for (let done = 1; done <= 10; done++) {
      now = done * 300;
      report(done, 10);
    }
    // 300 ms: first; 1500 ms: a second after; 2700 ms; 3000 ms: the last.
    expect(io.err).toBe(
      [
        'simulate: 1/10 repetitions',
        'simulate: 5/10 repetitions',
        'simulate: 9/10 repetitions',
        'simulate: 10/10 repetitions',
        '',
      ].join('\n'),
    );
    progress.end();
    expect(io.err.endsWith('\n')).toBe(true);
  });

  it('on a terminal redraws one line (at most every 100 ms) and clears it at the end, even after an error', () => {
    const io = recorder(true);
    const progress = new Progress(io, 'terminal', () => 0);
    expect(() =>
      progress.during(() => {
        progress.note('correct: bv over n = 10 ranks, m = 3');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(io.err).toBe('\r\x1b[Kcorrect: bv over n = 10 ranks, m = 3\r\x1b[K');
  });

  it('chooses its mode from --progress, --quiet and the terminal, and refuses both options', () => {
    const open = (argv: string[], terminal: boolean) =>
      Progress.open(parseArgs('simulate', argv, PROGRESS_OPTIONS), recorder(terminal)).mode;
    expect([open([], false), open([], true), open(['--progress'], false), open(['--quiet'], true)]).toEqual([
      'off',
      'terminal',
      'lines',
      'off',
    ]);
    expect(() => open(['--progress', '--quiet'], false)).toThrow('--progress and --quiet contradict each other');
    const off = recorder();
    new Progress(off, 'off').counter('x', 'y')(1, 1);
    expect(off.err).toBe('');
  });
});
