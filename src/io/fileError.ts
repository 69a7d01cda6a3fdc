/**
 * The result of parsing an input file: the data, or an error that locates the problem by file, line and field
 * so that a message can point at it (`ranks.csv:4: rank 12000 is larger than n = 10000`). Parsers in src/io take
 * the file's text and its display name; they never read files themselves, so the CLI and the web app share them.
 */

export interface FileError {
  /** The file's display name (a path on the command line, the upload's name in the browser). */
  readonly file: string;
  /** 1-based line number, or null when the problem concerns the whole file. */
  readonly line: number | null;
  /** The column (header name) at fault, or null. */
  readonly field: string | null;
  /** What is wrong, without the location. */
  readonly message: string;
  /**
   * When several lines have problems: the first MAX_PROBLEMS of them (this error is the first) and how many lines
   * have one in all. Absent: this is the only problem found.
   */
  readonly problems?: readonly FileError[];
  readonly total?: number;
}

/** Problems listed one by one (a file's bad lines, a paste box's); the rest are counted. */
export const MAX_PROBLEMS = 20;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: FileError };

export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function fail<T = never>(file: string, line: number | null, field: string | null, message: string): Parsed<T> {
  return { ok: false, error: { file, line, field, message } };
}

/**
 * `file:line: message`, or `file: message` for a problem with the whole file: the first problem only, on one line
 * (the CLI's error line); formatFileProblems lists them all.
 */
export function formatFileError(error: FileError): string {
  return error.line === null ? `${error.file}: ${error.message}` : `${error.file}:${error.line}: ${error.message}`;
}

/**
 * Every problem found, one a line: "file: N lines have problems:", then one line per bad line (the first
 * MAX_PROBLEMS), then "and K more." when there are more. A single problem is its formatFileError line alone.
 */
export function formatFileProblems(error: FileError): string[] {
  const problems = error.problems ?? [error];
  const total = error.total ?? problems.length;
  if (total <= 1) return [formatFileError(error)];
  const more = total - problems.length;
  return [
    `${error.file}: ${total} lines have problems:`,
    ...problems.map(formatFileError),
    ...(more > 0 ? [`and ${more} more.`] : []),
  ];
}

/**
 * Collects the problems of a file's lines so that a parser can report every bad line, not only the first: `check`
 * runs one line's reading and keeps its error; `raiseAny` raises them together (the first, with the list).
 */
export function lineProblems() {
  const problems: FileError[] = [];
  let total = 0;
  return {
    check(body: () => void): void {
      try {
        body();
      } catch (e) {
        if (!(e instanceof FileErrorSignal)) throw e;
        total += 1;
        if (problems.length < MAX_PROBLEMS) problems.push(e.error);
      }
    },
    raiseAny(): void {
      if (total === 0) return;
      const first = problems[0];
      throw new FileErrorSignal(total === 1 ? first : { ...first, problems, total });
    },
  };
}

/** Thrown inside a parser to abort with a located error; `parse*` functions catch it and return it. */
export class FileErrorSignal extends Error {
  constructor(readonly error: FileError) {
    super(formatFileError(error));
    this.name = 'FileErrorSignal';
  }
}

export function raise(file: string, line: number | null, field: string | null, message: string): never {
  throw new FileErrorSignal({ file, line, field, message });
}

/** Runs a parser body that may `raise`, turning the signal into a failed result. */
export function catchFileError<T>(body: () => T): Parsed<T> {
  try {
    return ok(body());
  } catch (e) {
    if (e instanceof FileErrorSignal) return { ok: false, error: e.error };
    throw e;
  }
}
