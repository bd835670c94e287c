/** The SMTP settings form (spec 3 §2.13) ↔ the settings contract (pure). */
import { SECRET_MASK, type Settings, type SettingsUpdate } from '@corridor/contract';

export interface SmtpForm {
  sender: string;
  server: string;
  useAuth: boolean;
  user: string;
  /** '' keeps a stored password (the form never shows it). */
  password: string;
  useSsl: boolean;
  port: number;
}

export function smtpForm(settings: Settings): SmtpForm {
  return {
    sender: settings.emailSenderAddress,
    server: settings.emailSmtpServer,
    useAuth: settings.emailSmtpUseAuth,
    user: settings.emailSmtpAuthUser,
    password: '',
    useSsl: settings.emailSmtpUseSSL,
    port: settings.emailSmtpPort,
  };
}

/** What a save or a test sends: an empty password field stands for the stored one (the mask), if there is one. */
export function smtpUpdate(form: SmtpForm, passwordStored: boolean): SettingsUpdate {
  return {
    emailSenderAddress: form.sender.trim(),
    emailSmtpServer: form.server.trim(),
    emailSmtpUseAuth: form.useAuth,
    emailSmtpAuthUser: form.user,
    emailSmtpAuthPW: form.password === '' && passwordStored ? SECRET_MASK : form.password,
    emailSmtpUseSSL: form.useSsl,
    emailSmtpPort: form.port,
  };
}
