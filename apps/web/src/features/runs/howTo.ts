/**
 * The watch client's command lines for the run list's how-to panel (issue 17): the same command for a POSIX
 * shell and for Windows (PowerShell and cmd read it alike: double quotes, a backslash path).
 */
export interface WatchCommand {
  url: string;
  apiKey: string;
  /** The team the run goes to (the watch client's default is the key owner's personal group). */
  group: string;
  name: string;
}

function quoted(value: string): string {
  return `"${value.replace(/"/g, '')}"`;
}

export function watchCommand(shell: 'unix' | 'windows', { url, apiKey, group, name }: WatchCommand): string {
  const folder = shell === 'unix' ? './output' : '.\\output';
  return `npx corridor-runner watch --server ${url} --api-key ${apiKey} --group ${quoted(group)} --name ${quoted(name)} ${folder}`;
}
