import { describe, expect, it } from 'vitest';
import { counter, parseCgroupMounts, parseOwnCgroups } from './cgroups.ts';
import { describeLimitMethod, JOB_PROCESS_LIMIT, jobLimits, LaunchLimits, limitedMessage } from './job-limits.ts';
import { userNamespaceFilter } from './seccomp.ts';

const MiB = 1024 * 1024;

describe('job limits', () => {
  it("derive the memory limit from the run's memory: a quarter more than the heap plus 512 MiB", () => {
    expect(jobLimits('4g')).toEqual({ memoryBytes: (5120 + 512) * MiB, processes: JOB_PROCESS_LIMIT });
    expect(jobLimits('256m')).toEqual({ memoryBytes: (320 + 512) * MiB, processes: 512 });
    expect(jobLimits('lots').memoryBytes).toBeUndefined();
  });

  it('without a cgroup, put prlimit before the command: processes per user, address space with room for a JVM', async () => {
    const limits = await LaunchLimits.prepare({ kind: 'prlimit', prlimit: '/usr/bin/prlimit' }, '1g', 'job-1');
    expect(limits.blocks).toBe(false);
    expect(limits.command(['java', '-Xmx1g', '-jar', 'x.jar'])).toEqual([
      ...['/usr/bin/prlimit', '--nproc=512', `--as=${(1280 + 512 + 4096) * MiB}`, '--'],
      ...['java', '-Xmx1g', '-jar', 'x.jar'],
    ]);
    expect(await limits.report()).toEqual({ memoryBytes: (1280 + 512) * MiB, outOfMemory: false, processLimit: false });
    expect(describeLimitMethod({ kind: 'prlimit', prlimit: '/usr/bin/prlimit' })).toBe('prlimit (RLIMIT_NPROC, RLIMIT_AS)');
    expect(describeLimitMethod({ kind: 'cgroup', base: { version: 2, dir: '/sys/fs/cgroup/runner' } })).toBe('a cgroup v2 per job (below /sys/fs/cgroup/runner)');
  });

  it('say why a job failed when its limits ended it', () => {
    const engine = 'The engine exited with code 1. Exception in thread "main" java.lang.OutOfMemoryError: Java heap space';
    const report = { memoryBytes: 832 * MiB, outOfMemory: false, processLimit: false };
    expect(limitedMessage({ ...report, outOfMemory: true }, '256m', undefined, 'The engine was ended by SIGKILL.')).toBe(
      "The job ran out of memory: its processes together needed more than 832 MiB (the run's memory 256m plus room for the JVM) and were stopped. Give the run more memory.",
    );
    expect(limitedMessage({ ...report, processLimit: true }, '256m', 'sh: 1: Cannot fork', 'The engine exited with code 2. sh: 1: Cannot fork')).toBe(
      'The job reached its limit of 512 processes and threads. The engine exited with code 2. sh: 1: Cannot fork',
    );
    // prlimit has no counters: the failed allocation's own line says it.
    expect(limitedMessage(undefined, '256m', engine.slice(31), engine)).toBe(`The job ran out of memory. ${engine}`);
    expect(limitedMessage({ ...report, problem: 'EACCES' }, '1g', undefined, 'The engine was ended by SIGKILL.')).toBe(
      "The job's memory and process limits could not be set: EACCES",
    );
    expect(limitedMessage(report, '1g', 'ERROR no network', 'The engine exited with code 1. ERROR no network')).toBe('The engine exited with code 1. ERROR no network');
  });
});

describe('cgroups', () => {
  it('finds the cgroup file systems and the part of each this process sees', () => {
    const mountinfo = [
      '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
      '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
      '39 31 0:36 /docker/abc /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids',
      '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate',
    ].join('\n');
    expect(parseCgroupMounts(mountinfo)).toEqual([
      { at: '/sys/fs/cgroup/memory', root: '/', version: 1, controllers: ['rw', 'memory'] },
      { at: '/sys/fs/cgroup/pids', root: '/docker/abc', version: 1, controllers: ['rw', 'pids'] },
      { at: '/sys/fs/cgroup/unified', root: '/', version: 2, controllers: [] },
    ]);
    const own = parseOwnCgroups('12:cpu,cpuacct:/a\n4:memory:/process_api/x\n0::/user.slice/runner.service\n');
    expect(Object.fromEntries(own)).toEqual({ cpu: '/a', cpuacct: '/a', memory: '/process_api/x', '': '/user.slice/runner.service' });
  });

  it('reads the oom_kill and max counters', () => {
    expect(counter('low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n', 'oom_kill')).toBe(1);
    expect(counter('oom_kill_disable 0\nunder_oom 0\noom_kill 2\n', 'oom_kill')).toBe(2);
    expect(counter('max 0\n', 'max')).toBe(0);
    expect(counter('', 'max')).toBe(0);
  });
});

describe('the seccomp filter', () => {
  it('is a program for x86-64 and arm64 (8 bytes per instruction), none elsewhere', () => {
    for (const arch of ['x64', 'arm64'] as const) expect(userNamespaceFilter(arch)!.length).toBe(14 * 8);
    // The audit architecture it checks first: x86-64's, arm64's.
    expect(userNamespaceFilter('x64')!.readUInt32LE(12)).toBe(0xc000003e);
    expect(userNamespaceFilter('arm64')!.readUInt32LE(12)).toBe(0xc00000b7);
    expect(userNamespaceFilter('riscv64')).toBeUndefined();
  });
});
