#!/usr/bin/env node
// The engine's command: registers tsx so the TypeScript sources run as they are (no build step), then runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
