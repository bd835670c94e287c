/**
 * `corridor-runner --server URL --token T [--name N] [--work DIR] [--cpus N] [--ram GB]`: runs the agent until
 * SIGTERM/SIGINT, which cancel the running jobs (outputs uploaded, CANCELLED) before it exits. Exit codes: 0 after a
 * stop, 1 when the server refused the token, 2 for a usage error.
 */
import { Agent, TokenRefusedError } from './agent.ts';
import { parseArgs, TOKEN_ENV, USAGE, UsageError } from './args.ts';
import { ProtocolClient } from './client.ts';
import path from 'node:path';
import { engineArgv } from './job/command.ts';
import { stopLeftoverJobs } from './job/leftovers.ts';
import { Releases } from './job/release.ts';
import { consoleLogger } from './logger.ts';
import { detectCapabilities, javaCommand, totalResources } from './resources.ts';

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`corridor-runner: ${error.message}\n\n${USAGE}`);
    return 2;
  }

  const log = consoleLogger();
  const java = javaCommand();
  const capabilities = detectCapabilities(java);
  const total = totalResources(options);
  log.info(
    `corridor-runner "${options.name}" for ${options.serverUrl}: ${total.cpuCores} CPU core(s), ${total.ramInGb} GB RAM, ` +
      `capabilities ${capabilities.join(', ')}, working in ${options.workDir}`,
  );
  await stopLeftoverJobs(options.workDir, log);
  const agent = new Agent({
    client: new ProtocolClient(options.serverUrl, options.token),
    log,
    name: options.name,
    capabilities,
    totalResources: total,
    workDir: options.workDir,
    engine: engineArgv(),
    java,
    env: process.env,
    hiddenEnv: [TOKEN_ENV],
    releases: new Releases(options.enginesDir, path.join(options.workDir, 'engines')),
  });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      log.warn(`${signal} again: exiting without waiting for the jobs`);
      process.exit(1);
    }
    log.info(`${signal}: stopping`);
    agent.stop();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const parentWatch = options.stopWithParent ? watchParent(() => {
    log.warn('the process that started this runner is gone: stopping');
    agent.stop();
  }) : undefined;
  try {
    await agent.run();
    log.info('stopped');
    return 0;
  } catch (error) {
    if (error instanceof TokenRefusedError) {
      log.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    clearInterval(parentWatch);
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}

/** Calls `onGone` once the parent process has ended (this process was re-parented). */
function watchParent(onGone: () => void): NodeJS.Timeout {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, 1_000);
  return timer;
}
