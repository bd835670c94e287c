/**
 * `corridor-runner watch …` reports a MATSim run started outside Corridor (src/watch/main.ts).
 * `corridor-runner --server URL --token T [--name N] [--work DIR] [--cpus N] [--ram GB]`: runs the agent until
 * SIGTERM/SIGINT, which cancel the running jobs (outputs uploaded, CANCELLED) before it exits. Exit codes: 0 after a
 * stop, 1 when the server refused the token, 2 for a usage error, 3 when the server stayed unreachable for
 * --server-gone-timeout (the running jobs were stopped), 4 when --slurm was given but Slurm does not answer. With
 * --slurm the jobs go to the cluster (src/slurm/) and a stop leaves them there for the next start to follow.
 */
import { Agent, ServerGoneError, TokenRefusedError } from './agent.ts';
import { BWRAP_ENV, parseArgs, TOKEN_ENV, USAGE, UsageError, type RunnerOptions } from './args.ts';
import { ProtocolClient } from './client.ts';
import { watchMain } from './watch/main.ts';
import path from 'node:path';
import { engineArgv } from './job/command.ts';
import { stopLeftoverJobs } from './job/leftovers.ts';
import { Releases } from './job/release.ts';
import { describeLimitMethod } from './job/job-limits.ts';
import { Sandbox } from './job/sandbox.ts';
import { consoleLogger, type Logger } from './logger.ts';
import { detectCapabilities, javaCommand, totalResources } from './resources.ts';
import { slurmCommands } from './slurm/commands.ts';
import { POLL_MS, type SlurmDeps } from './slurm/execution.ts';
import { SlurmRecords, type SlurmRecord } from './slurm/records.ts';
import { sbatchPathProblem } from './slurm/script.ts';
import type { Resources } from '@corridor/contract';

export async function main(argv: readonly string[]): Promise<number> {
  // `corridor-runner watch …`: report a MATSim run started outside Corridor (src/watch).
  if (argv[0] === 'watch') return watchMain(argv.slice(1));
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
  let total = totalResources(options);
  let slurm: (SlurmDeps & { resumed: SlurmRecord[]; runnerId: string | undefined }) | undefined;
  if (options.slurm) {
    const started = await startSlurm(options, log);
    if (typeof started === 'string') {
      log.error(started);
      return 4;
    }
    ({ slurm, total } = started);
  }
  log.info(
    `corridor-runner "${options.name}" for ${options.serverUrl}: ${total.cpuCores} CPU core(s), ${total.ramInGb} GB RAM` +
      `${slurm ? ` on Slurm partition ${slurm.settings.partition}` : ''}, capabilities ${capabilities.join(', ')}, working in ${options.workDir}`,
  );
  // A Slurm runner's job folders belong to its Slurm jobs, which it follows again (slurm/records.ts).
  if (!slurm) await stopLeftoverJobs(options.workDir, log);
  const releasesDir = path.join(options.workDir, 'engines');
  const sandbox = await startSandbox(options, releasesDir, java, log);
  const client = new ProtocolClient(options.serverUrl, options.token);
  client.runnerId = slurm?.runnerId;
  const agent = new Agent({
    client,
    log,
    name: options.name,
    capabilities,
    totalResources: total,
    workDir: options.workDir,
    engine: engineArgv(),
    java,
    env: process.env,
    hiddenEnv: [TOKEN_ENV],
    releases: new Releases(options.enginesDir, releasesDir),
    sandbox,
    unsandboxed: options.unsandboxed,
    serverGoneMs: options.serverGoneMs,
    // A job's calls are retried as long as the runner waits for its server.
    retryForMs: options.serverGoneMs || Infinity,
    ...(slurm
      ? {
          slurm,
          resumed: slurm.resumed,
          // Stopping a Slurm runner leaves its jobs on the cluster; the next start follows them again.
          detachOnStop: true,
          onConnected: (runnerId: string) => slurm.records.saveRunnerId(runnerId),
        }
      : {}),
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
  try {
    await agent.run();
    log.info('stopped');
    return 0;
  } catch (error) {
    if (error instanceof TokenRefusedError) {
      log.error(error.message);
      return 1;
    }
    if (error instanceof ServerGoneError) {
      log.error(error.message);
      return 3;
    }
    throw error;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}

/**
 * --slurm: Slurm must answer (sinfo) and the work folder suit sbatch; the partition's resources are offered (less
 * with --cpus/--ram); the jobs an earlier process submitted are read back. A string says why not.
 */
async function startSlurm(
  options: RunnerOptions,
  log: Logger,
): Promise<{ slurm: SlurmDeps & { resumed: SlurmRecord[]; runnerId: string | undefined }; total: Resources } | string> {
  const settings = options.slurm!;
  const pathProblem = sbatchPathProblem(options.workDir);
  if (pathProblem) return `--slurm: ${pathProblem}.`;
  let partition;
  try {
    partition = await slurmCommands.partitionResources(settings.partition);
  } catch (error) {
    return `--slurm: Slurm did not answer: ${(error as Error).message}. Start the runner on a node where sinfo and sbatch work.`;
  }
  const records = new SlurmRecords(options.workDir);
  const resumed = await records.all((file, error) => log.warn(`the Slurm job record ${file} could not be read: ${(error as Error).message}`));
  if (resumed.length) log.info(`following ${resumed.length} Slurm job(s) submitted before this runner started: ${resumed.map((r) => r.slurmJobId ?? '?').join(', ')}`);
  log.info(`jobs go to Slurm partition ${partition.partition}: ${partition.nodes} node(s), ${partition.cpuCores} CPU core(s), ${partition.ramInGb} GB`);
  const pollMs = Number(process.env.CORRIDOR_SLURM_POLL_MS) || POLL_MS;
  return {
    slurm: { commands: slurmCommands, settings: { ...settings, partition: partition.partition }, records, pollMs, resumed, runnerId: await records.runnerId() },
    total: { cpuCores: options.cpus ?? partition.cpuCores, ramInGb: options.ramGb ?? partition.ramInGb },
  };
}

/** The bubblewrap sandbox (CORRIDOR_BWRAP, else `bwrap` on PATH), unless the operator chose --unsandboxed. */
async function startSandbox(options: RunnerOptions, releasesDir: string, java: string, log: Logger): Promise<Sandbox | undefined> {
  if (options.unsandboxed) {
    log.warn('--unsandboxed: jobs run without a sandbox, with this runner\'s own rights');
    return undefined;
  }
  const started = await Sandbox.start({
    bwrap: process.env[BWRAP_ENV]?.trim() || 'bwrap',
    workDir: options.workDir,
    releasesDir,
    hidden: options.enginesDir ? [options.enginesDir] : [],
    java,
    env: process.env,
  });
  if ('sandbox' in started) {
    log.info(`jobs run in the bubblewrap sandbox, limited through ${describeLimitMethod(started.sandbox.limitMethod)}`);
    return started.sandbox;
  }
  log.warn(`no sandbox: ${started.problem}. Jobs of templates that allow custom JAR-files are refused; the others run unsandboxed.`);
  return undefined;
}
