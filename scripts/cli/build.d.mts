/** The compiled CLI (build.mjs). */
export const OUT_DIR: string;
export const PROJECT_ROOT: string;
/** The built entry's file URL, or null when dist-cli/ is missing, incomplete or older than one of its inputs. */
export function currentBuild(root: string | URL): string | null;
/** Bundles cli/main.ts into dist-cli/ and returns the entry's file URL. */
export function buildCli(root: string | URL): Promise<string>;
