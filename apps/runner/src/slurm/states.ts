/**
 * Slurm's job states as the run sees them (pure): waiting (Scheduled, with the reason and queue position in the
 * run's log), running (STARTED), or an end with Slurm's reason in the log and the run's message.
 */
import type { JobFinish } from '@corridor/contract';

export type SlurmPhase = 'waiting' | 'running' | 'ended';

/** What squeue, sacct or scontrol said about a job. */
export interface SlurmJobState {
  /** COMPLETED, FAILED, OUT_OF_MEMORY, … (a "CANCELLED by 0" is kept as CANCELLED). */
  state: string;
  /** Slurm's reason (Resources, Priority, OutOfMemory, …), if any. */
  reason?: string;
  /** The batch script's exit code, when Slurm knows it. */
  exitCode?: number;
  /** The signal that ended it, when Slurm knows it. */
  signal?: number;
}

const WAITING = new Set(['PENDING', 'CONFIGURING', 'REQUEUED', 'REQUEUE_HOLD', 'REQUEUE_FED', 'RESV_DEL_HOLD', 'SUSPENDED', 'STOPPED']);
const RUNNING = new Set(['RUNNING', 'COMPLETING', 'SIGNALING', 'STAGE_OUT', 'RESIZING']);

export function slurmPhase(state: string): SlurmPhase {
  const base = baseState(state);
  if (WAITING.has(base)) return 'waiting';
  if (RUNNING.has(base)) return 'running';
  return 'ended';
}

/** "CANCELLED by 0" → CANCELLED; "COMPLETED+" → COMPLETED. */
export function baseState(state: string): string {
  return state.trim().split(/[\s+]/)[0]!.toUpperCase();
}

/** The run's end for a Slurm job that ended: FINISHED, FAILED with Slurm's reason, or CANCELLED. */
export function slurmEnd(
  slurmJobId: string,
  ended: SlurmJobState,
  context: { cancelMessage?: string; memory: string; memMb?: number; time?: string; lastErrorLine?: string; outputSaysOutOfMemory?: boolean },
): JobFinish {
  const state = baseState(ended.state);
  const exitCode = ended.exitCode ?? null;
  if (context.cancelMessage !== undefined) return { status: 'CANCELLED', exitCode, message: context.cancelMessage };
  const reason = context.lastErrorLine ? ` ${context.lastErrorLine}` : '';
  const mem = context.memMb === undefined ? '' : ` of ${context.memMb} MB (the run's memory ${context.memory} plus room for the JVM)`;
  switch (state) {
    case 'COMPLETED':
      if (!exitCode) return { status: 'FINISHED', exitCode: 0 };
      return { status: 'FAILED', exitCode, message: `The engine exited with code ${exitCode}.${reason}` };
    case 'OUT_OF_MEMORY':
      return { status: 'FAILED', exitCode, message: `Slurm job ${slurmJobId} ended OUT_OF_MEMORY: it needed more than its --mem${mem}. Give the run more memory.` };
    case 'TIMEOUT':
      return { status: 'FAILED', exitCode, message: `Slurm job ${slurmJobId} ended TIMEOUT: it reached its time limit${context.time ? ` (--time ${context.time})` : ''}.` };
    case 'CANCELLED':
      return { status: 'CANCELLED', exitCode, message: `Slurm job ${slurmJobId} was cancelled outside Corridor (scancel or an administrator).` };
    case 'FAILED':
      // Without cgroups Slurm's memory sampler kills the job and says so only in its output.
      if (context.outputSaysOutOfMemory) {
        return { status: 'FAILED', exitCode, message: `Slurm job ${slurmJobId} ended OUT_OF_MEMORY: it needed more than its --mem${mem}. Give the run more memory.` };
      }
      return { status: 'FAILED', exitCode, message: `Slurm job ${slurmJobId} ended FAILED${exitCode !== null ? ` (exit code ${exitCode})` : ''}${ended.reason && ended.reason !== 'None' ? `: ${ended.reason}` : ''}.${reason}` };
    default:
      return { status: 'FAILED', exitCode, message: `Slurm job ${slurmJobId} ended ${state}${ended.reason && ended.reason !== 'None' ? ` (${ended.reason})` : ''}.${reason}` };
  }
}

/** The line Slurm's memory sampler (without cgroups) writes when it kills a job over its --mem. */
export const SLURM_MEMORY_KILL = /Exceeded job memory limit|exceeded memory limit|oom-kill event/i;
