#!/usr/bin/env node
// The runner agent's command: registers tsx so the TypeScript sources run as they are (no build step), then runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exit(await main(process.argv.slice(2)));
