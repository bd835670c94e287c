/**
 * Sending mail with the installation's SMTP settings (nodemailer), and the administrators' SMTP test (spec 3 §2.13,
 * §4 "SMTP test", §8). A failure names what the mail server said, so the UI can show it.
 */
import { isEmailAddress, MAIL_MESSAGES, type Settings, smtpFailureMessage, type TestSmtpRequest } from '@corridor/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { requireAdmin, requireSession, type Actor } from '../../shared/access.ts';
import { badRequest, HttpError } from '../../shared/errors.ts';
import type { SettingsService } from '../settings/service.ts';
import { testMessage, type MailMessage } from './messages.ts';
import { MAIL_TIMEOUT_MS, mailConfigured, smtpOptions } from './transport.ts';

export class MailService {
  /** Mails sent in the background (public flows answer at once); close() waits for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = MAIL_TIMEOUT_MS,
  ) {}

  async configured(): Promise<boolean> {
    return mailConfigured(await this.settings.stored());
  }

  /** Sends with the stored settings: 503 when mail is not configured, 502 with the server's text when sending fails. */
  async send(message: MailMessage): Promise<void> {
    const settings = await this.settings.stored();
    if (!mailConfigured(settings)) throw new HttpError(503, MAIL_MESSAGES.mailNotConfigured);
    await this.sendWith(settings, message);
  }

  /** Sends without keeping the caller waiting; a failure is logged (`what` says which mail it was). */
  sendLater(message: MailMessage, what: string): void {
    this.background(() => this.send(message), what);
  }

  /** Like sendLater for mails that matter only where mail works (notices): without mail settings, nothing and no warning. */
  noticeLater(message: MailMessage, what: string): void {
    this.background(async () => {
      if (await this.configured()) await this.send(message);
    }, what);
  }

  private background(work: () => Promise<void>, what: string): void {
    const sending: Promise<void> = work()
      // A refusal of the mail server was logged by sendWith with the recipient; what else failed is logged here.
      .catch((err: unknown) => {
        if (!(err instanceof HttpError && err.statusCode === 502)) this.log.warn({ event: 'mail.failed', err, what }, 'a mail could not be sent');
      })
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves once every background mail is sent or has failed. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /**
   * Spec 3 §2.13 "Test Connection": a test message with the form's unsaved settings. An administrator's session only:
   * with a key, unsaved settings with the stored password would hand that password to any server the key names.
   */
  async test(actor: Actor | null, request: TestSmtpRequest): Promise<void> {
    requireSession(requireAdmin(actor));
    if (!isEmailAddress(request.email)) throw badRequest(MAIL_MESSAGES.invalidEmail);
    const settings = await this.settings.withUnsaved(request.settings);
    if (!settings.emailSmtpServer.trim()) throw badRequest('Please enter the SMTP server.');
    if (!settings.emailSenderAddress.trim()) throw badRequest('Please enter the sender address.');
    await this.sendWith(settings, testMessage(request.email));
  }

  /**
   * Delivers to exactly `message.to`: sender and recipient go to nodemailer as address objects, which it does not
   * parse as lists or display names (issue 23 finding 9). Either one that is not one plain mailbox (an address stored
   * before that rule) is refused with 400 before anything is sent.
   */
  private async sendWith(settings: Settings, message: MailMessage): Promise<void> {
    const from = settings.emailSenderAddress.trim();
    if (!isEmailAddress(from)) throw badRequest(MAIL_MESSAGES.invalidSender);
    if (!isEmailAddress(message.to)) throw badRequest(MAIL_MESSAGES.invalidEmail);
    const transport = createTransport(smtpOptions(settings, this.timeoutMs));
    try {
      const mailbox = (address: string) => ({ name: '', address });
      await transport.sendMail({ from: mailbox(from), to: mailbox(message.to), subject: message.subject, text: message.text });
      this.log.info({ event: 'mail.sent', to: message.to, subject: message.subject }, 'a mail was sent');
    } catch (err) {
      const reason = smtpFailure(err, settings);
      this.log.warn({ event: 'mail.failed', to: message.to, subject: message.subject, server: `${settings.emailSmtpServer.trim()}:${settings.emailSmtpPort}`, reason }, 'a mail could not be sent');
      throw new HttpError(502, reason);
    } finally {
      transport.close();
    }
  }
}

/**
 * A hint naming the setting to change for the common failures (issue 26), followed by the mail server's (or the
 * network's) own words: "Invalid login: 535 …", "connect ECONNREFUSED 127.0.0.1:25", OpenSSL's "wrong version number".
 */
function smtpFailure(err: unknown, settings: Settings): string {
  const code = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return smtpFailureMessage({ code, message }, { host: settings.emailSmtpServer.trim(), port: settings.emailSmtpPort, useSSL: settings.emailSmtpUseSSL });
}
