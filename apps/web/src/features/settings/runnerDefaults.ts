import { runnerScript } from '../../api/runnerBundle.ts';

/** IPv4 address pattern: four dotted decimal numbers of up to three digits. */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The "{ip}/8" placeholder of the IPv4 range (spec 3 §2.9): the browser's host if it is an IPv4 address. */
export function ipv4Placeholder(hostname: string): string {
  return `${IPV4.test(hostname) ? hostname : '10.0.0.0'}/8`;
}
export const IPV6_PLACEHOLDER = '::1/128';

/** Where the runner command has the token when the page does not know it (it is shown once, at creation). */
export const TOKEN_PLACEHOLDER = '<token>';

/**
 * The command that starts the downloaded runner against this server (README "Runners"), in the folder it was
 * unpacked in: the token in the environment, where `ps` does not show it, quoted for the shell when it is the
 * placeholder.
 */
export function runnerCommand(serverUrl: string, token: string = TOKEN_PLACEHOLDER): string {
  const value = token === TOKEN_PLACEHOLDER ? `'${token}'` : token;
  return `CORRIDOR_RUNNER_TOKEN=${value} node ${runnerScript('unix')} --server ${serverUrl}`;
}
