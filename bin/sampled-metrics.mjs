#!/usr/bin/env node
// The `sampled-metrics` command: registers tsx so that the TypeScript CLI runs without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../cli/main.ts', import.meta.url).href);
await main(process.argv.slice(2));
