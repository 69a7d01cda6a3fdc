// The CLI run from its TypeScript sources, as bin/sampled-metrics.mjs ran it before the compiled CLI (tsx registered
// at run time): `node bin/tsx-run.mjs bench/cliFromSources.ts ARGS`, timed by bench/cliStart.ts for comparison.
import { main } from '../cli/main.ts';

await main(process.argv.slice(2));
