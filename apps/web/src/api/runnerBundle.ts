/**
 * The runner download (issue 30): `GET /api/v1/jobs/files/corridor-runner.tgz`, one folder that runs with Node.js
 * alone. The Runners page and the runs page's how-to link it and show how to fetch and unpack it on another machine.
 */
import { RUNNER_BUNDLE_FILE, RUNNER_BUNDLE_PATH } from '@corridor/contract';
import { apiUrl } from './client.ts';

export type Shell = 'unix' | 'windows';

/** The bundle's address on this server, for a link. */
export const runnerBundleUrl = (): string => apiUrl(RUNNER_BUNDLE_PATH);

/**
 * Fetching and unpacking it on the machine that runs it, from the server at `origin`: curl and tar, which Linux,
 * macOS and Windows 10 or newer have (`curl.exe` on Windows, where PowerShell's `curl` is another command).
 */
export function runnerDownloadCommand(origin: string, shell: Shell): string {
  const curl = shell === 'windows' ? 'curl.exe' : 'curl';
  return `${curl} -fLO ${origin}${apiUrl(RUNNER_BUNDLE_PATH)}\ntar xzf ${RUNNER_BUNDLE_FILE}`;
}

/** The runner's script in the unpacked folder, as each shell writes the path. */
export function runnerScript(shell: Shell): string {
  return shell === 'windows' ? 'corridor-runner\\bin\\corridor-runner.mjs' : 'corridor-runner/bin/corridor-runner.mjs';
}
