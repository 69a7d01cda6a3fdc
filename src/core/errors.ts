/** An input the math core refuses, with a message that names the offending value. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}
