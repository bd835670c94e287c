/**
 * `corridor-runner watch …` (args.ts): reports a MATSim run started outside Corridor while it runs (watcher.ts).
 * Exit codes: 0 when the run was reported FINISHED, 1 when it was reported FAILED, 2 for a usage error, 3 when the
 * server refused the run or stayed unreachable.
 */
import { UsageError } from '../args.ts';
import { consoleLogger } from '../logger.ts';
import { parseWatchArgs, WATCH_USAGE, type WatchOptions } from './args.ts';
import { WatchClient } from './watch-client.ts';
import { watchRun } from './watcher.ts';

export async function watchMain(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(WATCH_USAGE);
    return 0;
  }
  let options: WatchOptions;
  try {
    options = parseWatchArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`corridor-runner watch: ${error.message}\n\n${WATCH_USAGE}`);
    return 2;
  }
  const log = consoleLogger();
  log.info(`corridor-runner watch: ${options.outputDir} for ${options.serverUrl}${options.pid === undefined ? '' : `, MATSim process ${options.pid}`}`);
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(1);
    log.info(`${signal}: reporting the run as failed`);
    stop.abort();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  try {
    const outcome = await watchRun({ client: new WatchClient(options.serverUrl, options.apiKey), options, log, stop: stop.signal });
    if ('lost' in outcome) {
      log.error(`the run could not be reported: ${outcome.lost}`);
      return 3;
    }
    log.info(`run ${outcome.runId} reported ${outcome.end.status}`);
    return outcome.end.status === 'FINISHED' ? 0 : 1;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}
