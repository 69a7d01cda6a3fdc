/**
 * A result that carries either a value or the message of an input the core refuses. Worker-facing functions return
 * it instead of throwing, so bad input never kills the worker; `unwrap` turns it back into an InputError for the CLI.
 * Example: `const fit = recoverDistribution(...); if (!fit.ok) show(fit.error); else plot(fit.value.distribution);`
 */
import { InputError } from './errors.ts';

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string; readonly cancelled?: boolean };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: string): Result<T> {
  return { ok: false, error };
}

/** The value, or throws an InputError with the result's message (the throwing convenience for the CLI). */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new InputError(result.error);
}

/**
 * Runs a throwing core function and converts an InputError (bad input) into an error result; a study stopped by
 * its caller becomes `{ ok: false, cancelled: true }`. Anything else is a bug and is rethrown.
 */
export function attempt<T>(compute: () => T): Result<T> {
  try {
    return ok(compute());
  } catch (error) {
    if (error instanceof InputError) return fail(error.message);
    if (error instanceof Error && error.name === 'CancelledError') {
      return { ok: false, error: error.message, cancelled: true };
    }
    throw error;
  }
}
