/** What a command may do to the outside world; tests pass an in-memory implementation. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /**
   * Reads a whole file as bytes (`-` is standard input); throws a Node-style error (with `code`) on failure. The
   * CLI decodes them as strict UTF-8 (src/io/utf8.ts), so another encoding is a located error.
   */
  readFile(path: string): Uint8Array;
  /** Standard error is an interactive terminal: progress is then shown by default, redrawn on one line. */
  readonly terminal?: boolean;
}
