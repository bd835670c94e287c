import { z } from 'zod';
import { DEFAULT_RUN_OUTPUT_MAX_BYTES, DEFAULT_RUN_OUTPUT_MAX_FILES, RUN_OUTPUT_MAX_BYTES_LIMIT, RUN_OUTPUT_MAX_FILES_LIMIT } from './run-outputs.ts';
import { ExactText, PlainText } from './strings.ts';

/**
 * Installation settings (spec 3 §3 "Settings"), `GET/PUT /{product}/settings`, administrators only. The SMTP
 * password is never sent back in clear: a GET answers `emailSmtpAuthPW` as `SECRET_MASK` when one is stored (or ''
 * when none is), and a PUT carrying `SECRET_MASK` keeps the stored password.
 */
export const SECRET_MASK = '********';

/** Spec 3 §9: SMTP default port 465, with SSL and authentication on by default. */
export const SMTP_DEFAULT_PORT = 465;

const RunOutputMaxFiles = z.number().int().min(1).max(RUN_OUTPUT_MAX_FILES_LIMIT);
const RunOutputMaxBytes = z.number().int().min(1).max(RUN_OUTPUT_MAX_BYTES_LIMIT);

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
  /** A run's output files: at most this many (issue 23; the server refuses more and says so in the run's log). */
  runOutputMaxFiles: RunOutputMaxFiles,
  /** A run's output files: at most this many bytes together. */
  runOutputMaxBytes: RunOutputMaxBytes,
  /** A run whose runner is lost before it finished goes back to the queue once (issue 26); off: it fails. */
  runRequeueOnRunnerLoss: z.boolean(),
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
  runOutputMaxFiles: DEFAULT_RUN_OUTPUT_MAX_FILES,
  runOutputMaxBytes: DEFAULT_RUN_OUTPUT_MAX_BYTES,
  runRequeueOnRunnerLoss: false,
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
    runOutputMaxFiles: RunOutputMaxFiles,
    runOutputMaxBytes: RunOutputMaxBytes,
    runRequeueOnRunnerLoss: z.boolean(),
  })
  .partial();
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

/** `POST /{product}/testsmtp`: send a test message to `email` with `settings` (unsaved form values; the mask keeps the stored password). */
export const TestSmtpRequest = z.object({
  email: PlainText().min(3).max(320),
  settings: SettingsUpdate,
});
export type TestSmtpRequest = z.infer<typeof TestSmtpRequest>;
