/**
 * Command-line options: `--name value`, `--name=value` and `--flag`. Every option must be declared by the
 * command, may be given once, and a value-taking option needs a value; the typed getters name the option in
 * their messages (`--n must be an integer ≥ 2, got "1"`).
 */
import { UsageError } from './errors.ts';

export interface OptionSpec {
  /** The name without the leading dashes, e.g. `n` or `sampled-ranks`. */
  readonly name: string;
  /** Placeholder of the value in help (`N`, `FILE`); absent for a flag. */
  readonly value?: string;
  readonly required?: boolean;
  readonly help: string;
}

export class Args {
  constructor(
    readonly command: string,
    private readonly values: ReadonlyMap<string, string | true>,
  ) {}

  has(name: string): boolean {
    return this.values.has(name);
  }

  flag(name: string): boolean {
    return this.values.get(name) === true;
  }

  string(name: string): string | undefined {
    const value = this.values.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  /** The value of a required option (parseArgs has already checked that it is present). */
  required(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw this.error(`missing required option --${name}`);
    return value;
  }

  /** An integer option in [min, max]; undefined when absent. */
  integer(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!/^[+-]?\d+$/.test(text.trim()) || !Number.isSafeInteger(Number(text))) {
      throw this.error(`--${name} must be an integer, got "${text}"`);
    }
    const value = Number(text);
    if (value < min) throw this.error(`--${name} must be at least ${min}, got ${value}`);
    if (value > max) throw this.error(`--${name} must be at most ${max}, got ${value}`);
    return value;
  }

  requiredInteger(name: string, min: number, max?: number): number {
    this.required(name);
    return this.integer(name, min, max) as number;
  }

  /** A finite decimal number option in [min, max] (`0.1`, `1e-3`; not `0x1`, as integers refuse hex), or undefined. */
  number(name: string, min: number, max: number): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!isDecimal(text) || !Number.isFinite(value)) throw this.error(`--${name} must be a number, got "${text}"`);
    if (value < min || value > max) throw this.error(`--${name} must be in [${min}, ${max}], got ${value}`);
    return value;
  }

  error(message: string): UsageError {
    return new UsageError(message, this.command);
  }
}

/** A number written in decimal: `1`, `-0.5`, `.5`, `1e-3` (Number() would also read `0x1`, `0b1`, `0o1`). */
export function isDecimal(text: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.trim());
}

/** Parses argv against the command's options; throws a UsageError for anything undeclared or malformed. */
export function parseArgs(command: string, argv: readonly string[], specs: readonly OptionSpec[]): Args {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const values = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--') || arg === '--') {
      throw new UsageError(`unexpected argument "${arg}" (options start with --)`, command);
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`unknown option --${name} for "${command}"${suggest(name, specs)}`, command);
    if (values.has(name)) throw new UsageError(`option --${name} is given twice`, command);
    if (!spec.value) {
      if (eq >= 0) throw new UsageError(`option --${name} takes no value`, command);
      values.set(name, true);
      continue;
    }
    let value: string | undefined = eq >= 0 ? arg.slice(eq + 1) : argv[i + 1];
    if (eq < 0) {
      if (value === undefined || (value.startsWith('--') && value.length > 2)) value = undefined;
      else i++;
    }
    if (value === undefined || value === '')
      throw new UsageError(`option --${name} needs a value (${spec.value})`, command);
    values.set(name, value);
  }
  if (!values.has('help')) {
    for (const spec of specs) {
      if (spec.required && !values.has(spec.name)) {
        throw new UsageError(`missing required option --${spec.name} ${spec.value ?? ''}`.trimEnd(), command);
      }
    }
  }
  return new Args(command, values);
}

function suggest(name: string, specs: readonly OptionSpec[]): string {
  const close = specs.find((spec) => spec.name.startsWith(name) || name.startsWith(spec.name));
  return close ? ` (did you mean --${close.name}?)` : '';
}
