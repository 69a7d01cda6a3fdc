/** What a command may do to the outside world; tests pass an in-memory implementation. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a whole text file (`-` is standard input); throws a Node-style error (with `code`) on failure. */
  readFile(path: string): string;
  /** Progress lines for long runs go to stderr only when this is true (an interactive terminal). */
  readonly progress?: boolean;
}
