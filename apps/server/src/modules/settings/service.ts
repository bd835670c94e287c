/**
 * Installation settings (spec 3 §3 "Settings"): the contract's defaults, overridden by what an administrator stored.
 * The SMTP password never leaves the server in clear: answers carry SECRET_MASK (or '' when none is stored), and an
 * update carrying the mask keeps the stored password.
 */
import { DEFAULT_SETTINGS, isEmailAddress, MAIL_MESSAGES, SECRET_MASK, Settings, type SettingsUpdate } from '@corridor/contract';
import { requireAdmin, requireSession, type Actor } from '../../shared/access.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { badRequest } from '../../shared/errors.ts';
import type { SettingsRepository } from './repository.ts';

type SettingKey = keyof Settings;
const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
/** The SMTP settings: only an administrator's session changes them. */
const MAIL_SETTING_KEYS = SETTING_KEYS.filter((key) => key.startsWith('email'));

/**
 * Not a setting of the contract: the origin (`https://host`) an administrator last saved the settings from. Mailed
 * links of anonymous requests (forgot password, sign-up) use it when PUBLIC_URL is not set (docs/decisions.md).
 */
const LINK_ORIGIN_KEY = 'linkOrigin';

/** Checks of a setting's new value before anything is stored (they throw the HttpError to answer); see app.ts. */
export type SettingChecks = { [K in SettingKey]?: (value: Settings[K]) => Promise<void> };

export class SettingsService {
  constructor(
    private readonly repository: SettingsRepository,
    private readonly checks: SettingChecks = {},
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  /** The stored settings in clear, for the server's own use (the mail transport). */
  async stored(): Promise<Settings> {
    const rows = await this.repository.all();
    const result: Settings = { ...DEFAULT_SETTINGS };
    for (const key of SETTING_KEYS) {
      // A row that no longer fits the contract (an older type) falls back to the default.
      const parsed = Settings.shape[key].safeParse(rows.get(key));
      if (parsed.success) (result as Record<SettingKey, unknown>)[key] = parsed.data;
    }
    return result;
  }

  async get(actor: Actor | null): Promise<Settings> {
    requireAdmin(actor);
    return masked(await this.stored());
  }

  /**
   * Changes the fields the update names; `origin` is where the administrator's request came from. With an API key
   * (issue 23, docs/decisions.md): no mail setting, since whoever chooses the mail server or sender receives every
   * reset link, and the origin is not kept, since a key's Host header would choose the site of links mailed to others.
   */
  async update(actor: Actor | null, update: SettingsUpdate, origin: string | null): Promise<Settings> {
    const admin = requireAdmin(actor);
    if (MAIL_SETTING_KEYS.some((key) => update[key] !== undefined)) requireSession(admin);
    const sender = update.emailSenderAddress?.trim();
    if (sender && !isEmailAddress(sender)) throw badRequest(MAIL_MESSAGES.invalidSender);
    await runChecks(this.checks, update);
    const entries: [string, unknown][] = Object.entries(keepStoredPassword(update)).filter(([, value]) => value !== undefined);
    if (origin && admin.via === 'session') entries.push([LINK_ORIGIN_KEY, origin]);
    await this.repository.save(entries);
    // The names of what changed, never the values (the SMTP password is one).
    this.events.info({ event: 'settings.changed', settings: entries.map(([key]) => key).filter((key) => key !== LINK_ORIGIN_KEY), ...actedBy(admin) }, 'installation settings changed');
    return this.get(actor);
  }

  /** The stored settings with unsaved form values over them (SMTP test); the mask stands for the stored password. */
  async withUnsaved(update: SettingsUpdate): Promise<Settings> {
    return { ...(await this.stored()), ...keepStoredPassword(update) };
  }

  /** A run's output limits (issue 23): files and bytes together, as JobReports checks them. */
  async runOutputLimits(): Promise<{ maxFiles: number; maxBytes: number }> {
    const stored = await this.stored();
    return { maxFiles: stored.runOutputMaxFiles, maxBytes: stored.runOutputMaxBytes };
  }

  async linkOrigin(): Promise<string | null> {
    const value = (await this.repository.all()).get(LINK_ORIGIN_KEY);
    return typeof value === 'string' ? value : null;
  }
}

async function runChecks(checks: SettingChecks, update: SettingsUpdate): Promise<void> {
  for (const [key, check] of Object.entries(checks) as [SettingKey, (value: unknown) => Promise<void>][]) {
    if (update[key] !== undefined) await check(update[key]);
  }
}

function masked(settings: Settings): Settings {
  return { ...settings, emailSmtpAuthPW: settings.emailSmtpAuthPW ? SECRET_MASK : '' };
}

/** The update without the password field when it carries the mask (the form sends back what it was shown). */
function keepStoredPassword(update: SettingsUpdate): SettingsUpdate {
  if (update.emailSmtpAuthPW !== SECRET_MASK) return update;
  const { emailSmtpAuthPW: _mask, ...rest } = update;
  return rest;
}
