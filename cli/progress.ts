/**
 * Progress of long runs on standard error, never on standard output: redrawn on one line when stderr is a terminal
 * (the default there), written as whole lines with `--progress` (a pipeline or a log sees them too: at most one a
 * second, plus the first and the last of each count), and not at all with `--quiet`.
 * Example (`simulate --progress 2>log`): "simulate: 1/1000 repetitions", …, "simulate: 1000/1000 repetitions".
 */
import type { Args, OptionSpec } from './args.ts';
import type { CliIo } from './io.ts';

export const PROGRESS_OPTIONS: readonly OptionSpec[] = [
  { name: 'progress', help: 'report progress on stderr even when it is not a terminal (default: only on a terminal)' },
  { name: 'quiet', help: 'no progress on stderr' },
];

export type ProgressMode = 'terminal' | 'lines' | 'off';

/** Reports of one run; `end()` clears a line drawn on the terminal. */
export class Progress {
  private drawn = false;
  private last = -Infinity;

  constructor(
    private readonly io: CliIo,
    readonly mode: ProgressMode,
    private readonly now: () => number = Date.now,
  ) {}

  /** The mode that --progress, --quiet and the terminal ask for (both options at once are refused). */
  static open(args: Args, io: CliIo): Progress {
    if (args.flag('progress') && args.flag('quiet')) throw args.error('--progress and --quiet contradict each other');
    const mode = args.flag('quiet') ? 'off' : io.terminal ? 'terminal' : args.flag('progress') ? 'lines' : 'off';
    return new Progress(io, mode);
  }

  /** A stage without a count: "correct: bv over n = 10000000 ranks, m = 1000". */
  note(text: string): void {
    this.show(text, true);
  }

  /** A count: `counter('simulate', 'repetitions')(120, 1000)` reports "simulate: 120/1000 repetitions". */
  counter(label: string, unit: string): (done: number, total: number) => void {
    let first = true;
    return (done, total) => {
      this.show(`${label}: ${done}/${total} ${unit}`, first || done >= total);
      first = false;
    };
  }

  /** Runs `work`, then clears the terminal line whatever happens (a message may follow on stderr). */
  during<T>(work: () => T): T {
    try {
      return work();
    } finally {
      this.end();
    }
  }

  end(): void {
    if (this.drawn) this.io.stderr('\r\x1b[K');
    this.drawn = false;
  }

  private show(text: string, always: boolean): void {
    if (this.mode === 'off') return;
    const time = this.now();
    if (!always && time - this.last < (this.mode === 'terminal' ? 100 : 1000)) return;
    this.last = time;
    if (this.mode === 'lines') this.io.stderr(`${text}\n`);
    else {
      this.io.stderr(`\r\x1b[K${text}`);
      this.drawn = true;
    }
  }
}
