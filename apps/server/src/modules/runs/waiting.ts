/**
 * What a CREATED run waits for (the contract's RunWaiting). A runner could take the job when it would claim it with
 * all its resources free — the same test as the claim's SQL (runner-protocol/repository.ts): RAM and cores within
 * the runner's, `$ENGINE` needs the capability "engine", `$JAVA` needs "java". Totals, not what is free now, so
 * "no runner fits" means no connected runner could ever take it.
 */
import type { Resources, RunWaiting } from '@corridor/contract';

export interface ConnectedRunner {
  totalResources: Resources;
  capabilities: string[];
}

export interface WaitingJob {
  ramInGb: number;
  cpuCores: number;
  command: string;
}

export function couldTake(runner: ConnectedRunner, job: WaitingJob): boolean {
  const { ramInGb, cpuCores } = runner.totalResources;
  return (
    job.ramInGb <= ramInGb &&
    job.cpuCores <= cpuCores &&
    (!job.command.includes('$ENGINE') || runner.capabilities.includes('engine')) &&
    (!job.command.includes('$JAVA') || runner.capabilities.includes('java'))
  );
}

export function waitingFor(job: WaitingJob, runners: readonly ConnectedRunner[]): RunWaiting {
  const reason = runners.length === 0 ? 'no-runner-connected' : runners.some((runner) => couldTake(runner, job)) ? 'busy' : 'no-runner-fits';
  return { reason, ramInGb: job.ramInGb, cpuCores: job.cpuCores };
}
