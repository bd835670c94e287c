/** What this machine offers: capabilities (the built-in engine always, Java when it runs) and CPU cores / RAM. */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { Resources } from '@corridor/contract';

/** $JAVA: the JAVA environment variable, else `java` on the PATH. */
export function javaCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.JAVA?.trim() || 'java';
}

export function detectCapabilities(java: string): string[] {
  const capabilities = ['engine'];
  const probe = spawnSync(java, ['-version'], { shell: false, timeout: 15_000, stdio: 'ignore' });
  if (probe.status === 0) capabilities.push('java');
  return capabilities;
}

export function totalResources(options: { cpus?: number; ramGb?: number }): Resources {
  return {
    cpuCores: options.cpus ?? Math.max(1, cpus().length),
    ramInGb: options.ramGb ?? Math.round((totalmem() / 1024 ** 3) * 10) / 10,
  };
}

/** Total minus what the running jobs reserved, never below zero. */
export function availableResources(total: Resources, reserved: readonly Resources[]): Resources {
  const used = reserved.reduce((sum, r) => ({ cpuCores: sum.cpuCores + r.cpuCores, ramInGb: sum.ramInGb + r.ramInGb }), {
    cpuCores: 0,
    ramInGb: 0,
  });
  return {
    cpuCores: Math.max(0, total.cpuCores - used.cpuCores),
    ramInGb: Math.max(0, Math.round((total.ramInGb - used.ramInGb) * 1000) / 1000),
  };
}
