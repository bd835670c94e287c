/**
 * The tests' mail server: a real SMTP server (smtp-server-process.ts) in a child process, so the server under test
 * delivers over TCP as it would in production. The API tests and the browser tests (e2e/support/smtp.ts) read what
 * it received.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SettingsUpdate } from '@corridor/contract';
import type { ReceivedMail, SmtpProcessMessage } from './smtp-server-process.ts';

export type { ReceivedMail };

const SCRIPT = fileURLToPath(new URL('./smtp-server-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface TestSmtpServer {
  port: number;
  user: string;
  password: string;
  /** Every message received so far, oldest first. */
  received: ReceivedMail[];
  /** Mail settings that deliver here (plain SMTP with authentication); `overrides` change some of them. */
  settings(overrides?: SettingsUpdate): SettingsUpdate;
  /** The next message delivered to `to` (an envelope recipient) that no earlier call returned; fails after `timeoutMs`. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Every message received so far counts as returned: nextMail waits for later ones. */
  skipReceived(): void;
  close(): Promise<void>;
}

export async function startSmtpServer(user = 'mailer', password = 'mail-secret'): Promise<TestSmtpServer> {
  const child = fork(SCRIPT, [user, password], { cwd: REPO_ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const listeners = new Set<() => void>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the test SMTP server exited (${code}) before it listened`)));
    child.on('message', (message: SmtpProcessMessage) => {
      if (message.type === 'ready') resolve(message.port);
      if (message.type === 'mail') {
        received.push(message.mail);
        for (const listener of listeners) listener();
      }
    });
  });

  // Delivered to `to`: the envelope's recipients, not what a header claims.
  const untaken = (to: string) => received.find((mail) => !taken.has(mail) && mail.rcptTo.some((address) => address.toLowerCase() === to.toLowerCase()));

  return {
    port,
    user,
    password,
    received,
    settings: (overrides = {}) => ({
      emailSenderAddress: 'corridor@example.org',
      emailSmtpServer: '127.0.0.1',
      emailSmtpPort: port,
      emailSmtpUseSSL: false,
      emailSmtpUseAuth: true,
      emailSmtpAuthUser: user,
      emailSmtpAuthPW: password,
      ...overrides,
    }),
    nextMail(to, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = untaken(to);
          if (!mail) return;
          taken.add(mail);
          done();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'nothing'})`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    skipReceived() {
      for (const mail of received) taken.add(mail);
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** The link to `path` (e.g. '/-/set-password/') in a mail's text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.includes(path));
  if (!link) throw new Error(`no ${path} link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}

/** The token at the end of a mailed link. */
export const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
