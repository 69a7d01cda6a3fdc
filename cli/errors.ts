/**
 * Errors that are the user's: a bad option, a bad file. They exit with status 2 and print only the message.
 * (InputError from the core and FileError from src/io are user errors too; anything else is a bug: status 1.)
 */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose `--help` the message should point to, or null for a file error. */
    readonly command: string | null = null,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
