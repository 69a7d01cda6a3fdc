/** What a command may do to the outside world; tests pass an in-memory implementation. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a whole text file (`-` is standard input); throws a Node-style error (with `code`) on failure. */
  readFile(path: string): string;
  /** Progress lines for long runs go to stderr only when this is true (an interactive terminal). */
  readonly progress?: boolean;
}

/** An in-memory CliIo: files from a map, output collected in strings. */
export function memoryIo(files: Record<string, string> = {}): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    readFile(path: string): string {
      if (!(path in files))
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      return files[path];
    },
  };
  return io;
}
