/** The SMTP transport's options from the settings of spec 3 §2.13 (pure, no connection made here). */
import type { Settings } from '@corridor/contract';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** Connecting, the server's greeting and each later step: a dead or silent server fails within this. */
export const MAIL_TIMEOUT_MS = 10_000;

/** Mail can be sent once a server and a sender address are set. */
export function mailConfigured(settings: Settings): boolean {
  return settings.emailSmtpServer.trim() !== '' && settings.emailSenderAddress.trim() !== '';
}

export function smtpOptions(settings: Settings, timeoutMs = MAIL_TIMEOUT_MS): SMTPTransport.Options {
  return {
    host: settings.emailSmtpServer.trim(),
    port: settings.emailSmtpPort,
    // "Use SSL": TLS from the first byte (port 465). Without it, plain SMTP upgraded by STARTTLS when offered.
    secure: settings.emailSmtpUseSSL,
    auth: settings.emailSmtpUseAuth ? { user: settings.emailSmtpAuthUser, pass: settings.emailSmtpAuthPW } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}
