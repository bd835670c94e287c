import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastIterationBefore } from './execution.ts';
import { bytesOf, parseScontrol } from './commands.ts';
import { batchScript, memoryMb, sbatchPathProblem, slurmJobName } from './script.ts';
import { slurmEnd, slurmPhase } from './states.ts';

const settings = { partition: 'standard', account: 'matsim', time: '2-00:00:00', extraArgs: [] };

describe('the batch script', () => {
  it('asks for the run\'s CPUs, its memory with room for the JVM, the wall time, partition and account, and runs the command with exactly its environment', () => {
    const script = batchScript(
      { jobId: 7, nonce: 'a1b2', runKey: 'berlin v6.4', cpus: 16, memory: '40g', dir: '/scratch/work/job-7', argv: ['/usr/bin/bwrap', '--die-with-parent', 'java', "it's"], env: { PATH: '/usr/bin', X: 'a b', 'BAD-NAME': 'x' }, fd3File: '/scratch/work/job-7/seccomp.bpf' },
      settings,
    );
    const lines = script.split('\n');
    expect(lines[0]).toBe('#!/bin/bash');
    expect(lines.filter((l) => l.startsWith('#SBATCH'))).toEqual([
      '#SBATCH --job-name=berlin_v6.4',
      '#SBATCH --comment=corridor-job-7-a1b2',
      '#SBATCH --output=/scratch/work/job-7/slurm.out',
      '#SBATCH --chdir=/scratch/work/job-7',
      '#SBATCH --nodes=1',
      '#SBATCH --ntasks=1',
      '#SBATCH --cpus-per-task=16',
      '#SBATCH --mem=51712M',
      '#SBATCH --time=2-00:00:00',
      '#SBATCH --partition=standard',
      '#SBATCH --account=matsim',
    ]);
    expect(script).toContain(`env -i PATH=/usr/bin 'X=a b' /usr/bin/bwrap --die-with-parent java 'it'\\''s' 3</scratch/work/job-7/seccomp.bpf`);
    expect(script).not.toContain('BAD-NAME');
    expect(script).toContain('echo "$code" > /scratch/work/job-7/slurm-exit-code');
  });

  it('leaves out what is not set', () => {
    const script = batchScript({ jobId: 3, nonce: 'c3', runKey: '', cpus: 1, memory: '', dir: '/w/job-3', argv: ['x'], env: {} }, { partition: undefined, account: undefined, time: undefined, extraArgs: [] });
    expect(script).toContain('#SBATCH --job-name=corridor-3');
    expect(script).not.toMatch(/--mem|--time|--partition|--account|3</);
  });

  it('derives --mem as the local limit does, names jobs safely and refuses work folders sbatch cannot carry', () => {
    expect(memoryMb('4g')).toBe(5632);
    expect(memoryMb('4096m')).toBe(5632);
    expect(memoryMb('')).toBeUndefined();
    expect(slurmJobName('run;rm -rf /', 1)).toBe('run_rm_-rf_');
    expect(sbatchPathProblem('/scratch/my work')).toMatch(/space/);
    expect(sbatchPathProblem('/scratch/100%')).toMatch(/%/);
    expect(sbatchPathProblem('/scratch/work')).toBeUndefined();
  });
});

describe('Slurm states', () => {
  it('maps waiting, running and ended states', () => {
    expect(['PENDING', 'REQUEUED', 'SUSPENDED'].map(slurmPhase)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(['RUNNING', 'COMPLETING'].map(slurmPhase)).toEqual(['running', 'running']);
    expect(['COMPLETED', 'FAILED', 'TIMEOUT', 'OUT_OF_MEMORY', 'CANCELLED by 0', 'NODE_FAIL'].map(slurmPhase)).toEqual(Array(6).fill('ended'));
  });

  it('ends the run with Slurm\'s reason', () => {
    const ctx = { memory: '4g', memMb: 5632, time: '01:00:00' };
    expect(slurmEnd('12', { state: 'COMPLETED', exitCode: 0 }, ctx)).toEqual({ status: 'FINISHED', exitCode: 0 });
    expect(slurmEnd('12', { state: 'COMPLETED', exitCode: 2 }, { ...ctx, lastErrorLine: 'ERROR x' })).toEqual({ status: 'FAILED', exitCode: 2, message: 'The engine exited with code 2. ERROR x' });
    expect(slurmEnd('12', { state: 'OUT_OF_MEMORY', exitCode: 0 }, ctx).message).toBe(
      "Slurm job 12 ended OUT_OF_MEMORY: it needed more than its --mem of 5632 MB (the run's memory 4g plus room for the JVM). Give the run more memory.",
    );
    expect(slurmEnd('12', { state: 'FAILED', exitCode: 0, reason: 'JobLaunchFailure' }, { ...ctx, outputSaysOutOfMemory: true }).message).toMatch(/^Slurm job 12 ended OUT_OF_MEMORY/);
    expect(slurmEnd('12', { state: 'TIMEOUT' }, ctx)).toMatchObject({ status: 'FAILED', message: 'Slurm job 12 ended TIMEOUT: it reached its time limit (--time 01:00:00).' });
    expect(slurmEnd('12', { state: 'FAILED', exitCode: 1, reason: 'NonZeroExitCode' }, ctx).message).toBe('Slurm job 12 ended FAILED (exit code 1): NonZeroExitCode.');
    expect(slurmEnd('12', { state: 'CANCELLED' }, ctx)).toMatchObject({ status: 'CANCELLED', message: 'Slurm job 12 was cancelled outside Corridor (scancel or an administrator).' });
    expect(slurmEnd('12', { state: 'CANCELLED' }, { ...ctx, cancelMessage: 'The run was cancelled.' })).toEqual({ status: 'CANCELLED', exitCode: null, message: 'The run was cancelled.' });
    expect(slurmEnd('12', { state: 'NODE_FAIL', reason: 'NodeDown' }, ctx).message).toBe('Slurm job 12 ended NODE_FAIL (NodeDown).');
  });

  it('reads scontrol and sstat', () => {
    expect(parseScontrol('JobId=4 JobName=x JobState=OUT_OF_MEMORY Reason=OutOfMemory Dependency=(null) ExitCode=0:125')).toEqual({ state: 'OUT_OF_MEMORY', reason: 'OutOfMemory', exitCode: 0, signal: 125 });
    expect(parseScontrol('slurm_load_jobs error: Invalid job id specified')).toBeUndefined();
    expect(bytesOf('335244K')).toBe(335244 * 1024);
    expect(bytesOf('1.5G')).toBe(1.5 * 1024 ** 3);
    expect(bytesOf('')).toBeUndefined();
  });
});

describe('following a Slurm job again after a restart', () => {
  it('finds the last iteration in the output the earlier runner read, across 1 MiB blocks', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'slurm-recall-')), 'slurm.out');
    const line = (n: number) => `2026-11-29T14:21:16,583  INFO AbstractController:137 ### ITERATION ${n} BEGINS\n`;
    const noise = 'x'.repeat(99) + '\n';
    const text = line(6) + noise.repeat(1000) + line(7) + noise.repeat(20_000) + line(8);
    writeFileSync(file, text);
    expect(await lastIterationBefore(file, text.length)).toBe(8);
    expect(await lastIterationBefore(file, text.length - line(8).length)).toBe(7);
    // Read backwards from here, the first block starts inside line 7, just after its number: the line is whole
    // only with the block before it.
    const cut = text.indexOf(line(7)) + line(7).indexOf(' BEGINS');
    expect(await lastIterationBefore(file, cut + (1 << 20))).toBe(7);
    expect(await lastIterationBefore(file, line(6).length)).toBe(6);
    expect(await lastIterationBefore(file, 10)).toBeUndefined();
  });
});
