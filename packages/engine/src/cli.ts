/**
 * `corridor-engine <config.xml> [--config:module.param=value …] [--output DIR]`: runs the engine like MATSim's
 * RunMatsim. Exit 0 on success, 2 for a usage error, 1 when the run fails (the message says why).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs, USAGE, UsageError } from './controler/args.ts';
import { runEngine } from './controler/run.ts';

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
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
    console.error(`corridor-engine: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
