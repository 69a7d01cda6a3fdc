/** An input the math core refuses, with a message that names the offending value. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

export function requireInteger(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value)) throw new InputError(`${name} must be an integer, got ${value}`);
  if (value < min) throw new InputError(`${name} must be at least ${min}, got ${value}`);
  if (value > max) throw new InputError(`${name} must be at most ${max}, got ${value}`);
}
