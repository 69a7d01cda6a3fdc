/**
 * The compiled CLI: cli/main.ts bundled by esbuild into dist-cli/ (plain JavaScript, no TypeScript loader at run
 * time), and the check that the bundle still matches its sources.
 *
 * - `buildCli(root)` bundles cli/main.ts with everything it imports (the core, the parsers, ml-matrix, papaparse)
 *   into ES modules split at the commands' dynamic imports (cli/run.ts), so that `sampled-metrics --help` loads the
 *   entry chunk alone and a command loads its own chunk and the core. It writes dist-cli/build.json last: the entry
 *   file's name, every output file, and the size and modification time of every input file as read for the build.
 * - `currentBuild(root)` returns the entry of dist-cli/ when every input still has the size and modification time
 *   recorded and every output is there, and null otherwise (no build; a source edited, deleted or checked out
 *   again): the bin then rebuilds, so a source checkout never runs old code. It only reads build.json and stats the
 *   ~150 inputs and ~13 outputs (about a millisecond).
 *
 * Rebuilds may run concurrently (two commands started at once after an edit): every file is written under a new name
 * and renamed into place, the output names carry a hash of their content, and build.json, the only pointer to an
 * entry, is replaced last, so a reader sees one whole build or the other. Files of earlier builds are deleted once
 * they are a minute old (a process that read the previous build.json imports its chunks within milliseconds).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project root of this checkout (scripts/cli/ → ../..). */
export const PROJECT_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** The bundle's folder, relative to the project root (git-ignored). */
export const OUT_DIR = 'dist-cli';
const MANIFEST = 'build.json';
/** Files of earlier builds older than this (ms) are deleted by the next build. */
const KEEP_PREVIOUS_MS = 60_000;

const rootPath = (root) => (root instanceof URL ? fileURLToPath(root) : root);

/**
 * The file URL of the built entry module (it exports `main(argv)`), or null when dist-cli/ is missing, incomplete or
 * older than one of its inputs.
 */
export function currentBuild(root) {
  const base = rootPath(root);
  const dir = join(base, OUT_DIR);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  // Plain concatenation, not path.join, for the ~150 stats: this runs on every start.
  for (const [path, [mtimeMs, size]] of Object.entries(manifest.inputs)) {
    const stat = statSync(`${base}/${path}`, { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs !== mtimeMs || stat.size !== size) return null;
  }
  if (!manifest.outputs.every((file) => existsSync(`${dir}/${file}`))) return null;
  return pathToFileURL(join(dir, manifest.entry)).href;
}

/** Bundles cli/main.ts into dist-cli/ (see above) and returns the entry's file URL. Throws on a build error. */
export async function buildCli(root) {
  const base = rootPath(root);
  const dir = join(base, OUT_DIR);
  const { build } = await import('esbuild');
  // An input modified while esbuild runs was perhaps read before the change: it is recorded with no time, so that
  // the next run finds the build stale. (A time in the future, a clock's skew, is recorded as it is.)
  const started = Date.now();
  const result = await build(options(base)).catch((error) => {
    // esbuild's own message starts "Build failed with 1 error:"; say which file and line first.
    const first = error.errors?.[0];
    if (!first) throw error;
    const where = first.location ? `${first.location.file}:${first.location.line}: ` : '';
    throw new Error(`${where}${first.text}${error.errors.length > 1 ? ` (and ${error.errors.length - 1} more)` : ''}`);
  });
  mkdirSync(join(dir, 'chunks'), { recursive: true });
  const outputs = result.outputFiles.map((file) => {
    writeAtomically(file.path, file.contents);
    return relativeTo(dir, file.path);
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === 'cli/main.ts');
  const inputs = {};
  const finished = Date.now();
  for (const path of Object.keys(result.metafile.inputs).sort()) {
    const { mtimeMs, size } = statSync(join(base, path));
    inputs[path] = [mtimeMs >= started && mtimeMs <= finished ? 0 : mtimeMs, size];
  }
  const manifest = { entry: relativeTo(dir, join(base, entry[0])), outputs, inputs };
  writeAtomically(join(dir, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
  removeEarlierBuilds(dir, new Set([MANIFEST, ...outputs]));
  return pathToFileURL(join(dir, manifest.entry)).href;
}

/** esbuild's options: cli/main.ts and all it imports, split at the dynamic imports of the commands. */
function options(base) {
  return {
    absWorkingDir: base,
    entryPoints: { 'sampled-metrics': 'cli/main.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    outdir: OUT_DIR,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // The CommonJS dependencies keep their `require` of Node's modules (papaparse's Node stream reads `stream`).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    metafile: true,
    write: false,
    logLevel: 'silent',
  };
}

function relativeTo(dir, path) {
  return path
    .slice(dir.length + 1)
    .split('\\')
    .join('/');
}

function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

function removeEarlierBuilds(dir, keep) {
  const now = Date.now();
  for (const name of ['', 'chunks'].flatMap((sub) => readdirSync(join(dir, sub)).map((file) => join(sub, file)))) {
    const path = join(dir, name);
    if (keep.has(name.split('\\').join('/')) || name === 'chunks') continue;
    try {
      if (now - statSync(path).mtimeMs > KEEP_PREVIOUS_MS) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by another build.
    }
  }
}
