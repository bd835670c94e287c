import { z } from 'zod';
import { ExactText, PlainText } from './strings.ts';

/**
 * Installation settings (spec 3 §3 "Settings"), `GET/PUT /{product}/settings`, administrators only. The SMTP
 * password is never sent back in clear: a GET answers `emailSmtpAuthPW` as `SECRET_MASK` when one is stored (or ''
 * when none is), and a PUT carrying `SECRET_MASK` keeps the stored password.
 */
export const SECRET_MASK = '********';

/** Spec 3 §9: SMTP default port 465, with SSL and authentication on by default. */
export const SMTP_DEFAULT_PORT = 465;

export const Settings = z.object({
  /** Comma-separated domains a sign-up address must belong to ('' = any). */
  accountsSignupDomains: z.string(),
  /** Comma-separated domains whose sign-ups are activated without an administrator ('' = none). */
  accountsAutoAuthDomains: z.string(),
  emailSenderAddress: z.string(),
  emailSmtpServer: z.string(),
  emailSmtpUseAuth: z.boolean(),
  emailSmtpAuthUser: z.string(),
  emailSmtpAuthPW: z.string(),
  emailSmtpUseSSL: z.boolean(),
  emailSmtpPort: z.number().int().min(1).max(65535),
  /** Root directory below which runs may be imported from the server's file system ('' = not set). */
  runImportServerPath: z.string(),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  accountsSignupDomains: '',
  accountsAutoAuthDomains: '',
  emailSenderAddress: '',
  emailSmtpServer: '',
  emailSmtpUseAuth: true,
  emailSmtpAuthUser: '',
  emailSmtpAuthPW: '',
  emailSmtpUseSSL: true,
  emailSmtpPort: SMTP_DEFAULT_PORT,
  runImportServerPath: '',
};

/** A PUT changes only the fields it names. */
export const SettingsUpdate = z
  .object({
    accountsSignupDomains: PlainText().max(2000),
    accountsAutoAuthDomains: PlainText().max(2000),
    emailSenderAddress: PlainText().max(320),
    emailSmtpServer: PlainText().max(255),
    emailSmtpUseAuth: z.boolean(),
    emailSmtpAuthUser: ExactText().max(320),
    emailSmtpAuthPW: ExactText().max(1024),
    emailSmtpUseSSL: z.boolean(),
    emailSmtpPort: z.number().int().min(1).max(65535),
    runImportServerPath: ExactText().max(4096),
  })
  .partial();
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

/** `POST /{product}/testsmtp`: send a test message to `email` with `settings` (unsaved form values; the mask keeps the stored password). */
export const TestSmtpRequest = z.object({
  email: PlainText().min(3).max(320),
  settings: SettingsUpdate,
});
export type TestSmtpRequest = z.infer<typeof TestSmtpRequest>;
