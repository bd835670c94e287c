/**
 * `corridor-engine <config.xml> [--config:module.param=value …] [--output DIR]`: runs the engine like MATSim's
 * RunMatsim. Exit 0 on success, 2 for a usage error, 1 when the run fails (the message says why; the stack trace
 * only with CORRIDOR_DEBUG set).
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import { parseArgs, USAGE, UsageError } from './controler/args.ts';
import { errorText } from './controler/log.ts';
import { runEngine } from './controler/run.ts';
import { ROUTING_WORKER } from './routing/pool.ts';
import { serveRouting } from './routing/route-worker.ts';

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) return failed(error);
    console.error(`corridor-engine: ${error.message}\n${USAGE}`);
    return 2;
  }
  try {
    const result = await runEngine({
      configPath: args.configPath,
      overrides: args.overrides,
      outputDir: args.outputDir,
      log: (line) => console.log(line),
    });
    console.log(`corridor-engine: ${result.iterations} iteration(s) written to ${result.outputDirectory}`);
    return 0;
  } catch (error) {
    return failed(error);
  }
}

/** A failed run: the error's message on stderr (the stack only with CORRIDOR_DEBUG), exit code 1. */
function failed(error: unknown): number {
  console.error(`corridor-engine: ${errorText(error)}`);
  return 1;
}

/** Whether this module is the script node was started with (`tsx src/cli.ts`, or the runner bundle's corridor-engine.mjs), by its real path as node names its modules. */
function startedAsScript(): boolean {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
}

if (!isMainThread && workerData === ROUTING_WORKER) {
  // The runner download's bundle starts itself as its routing workers (routing/pool.ts).
  serveRouting();
} else if (isMainThread && startedAsScript()) {
  process.exitCode = await main(process.argv.slice(2));
}
