/**
 * My Profile's security (spec 1 §2.18, §7.1): devices, password change and API keys of one user. The user
 * themself may do all of it from a signed-in device; with an API key only list keys and delete them. An
 * administrator may list and sign out another user's devices and keys and overwrite their password (spec 3
 * §2.10), but not create keys for them. Everyone else gets 403. docs/decisions.md "Profile, devices and API keys".
 */
import { ADMIN_PASSWORD_MIN, OWN_PASSWORD_MIN, PROFILE_MESSAGES, type ApiKey, type ChangePasswordRequest, type CreatedApiKey, type Device, type Language } from '@corridor/contract';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import { newSecretToken } from '../../security/secret-token.ts';
import { isAdmin, requireSession, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, forbidden, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { AccountNotices } from '../account-mail/notices.ts';
import type { AccountsRepository } from '../accounts/repository.ts';
import { deviceName } from './device-name.ts';
import type { ApiKeyRow, ProfileRepository } from './repository.ts';

export class ProfileService {
  constructor(
    private readonly profile: ProfileRepository,
    private readonly accounts: AccountsRepository,
    /** Mails the user's verified addresses when their password changes. */
    private readonly notices: AccountNotices,
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  async devices(actor: Actor | null, userId: number): Promise<Device[]> {
    const user = await this.account(requireSession(actor), userId);
    const rows = await this.profile.listDevices(userId);
    return rows.map((row) => ({
      token: row.token,
      description: deviceName(row.description),
      created: row.created.toISOString(),
      lastAccess: row.lastAccess.toISOString(),
      current: row.token === user.token,
    }));
  }

  /** The device is signed out at once: its next request has no session. The caller's own device: sign out instead. */
  async deauthorize(actor: Actor | null, userId: number, token: string): Promise<void> {
    const user = await this.account(requireSession(actor), userId);
    if (token === user.token) throw badRequest(PROFILE_MESSAGES.currentDevice);
    if (!(await this.profile.deleteDevice(userId, token))) throw notFound(PROFILE_MESSAGES.deviceNotFound);
  }

  /**
   * Own password: the old one must be right, the new one as long as setup asks for. The caller's device stays
   * signed in, every other device of theirs is signed out. An administrator overwriting another user's password
   * gives no old one (spec 3 §5: at least 5 characters) and signs all of that user's devices out. Either way the
   * user's API keys are deleted and their verified addresses told (issue 23); an API key can do neither.
   */
  async changePassword(actor: Actor | null, userId: number, input: ChangePasswordRequest): Promise<void> {
    const caller = await this.account(requireSession(actor), userId);
    const own = caller.userId === userId;
    const min = own ? OWN_PASSWORD_MIN : ADMIN_PASSWORD_MIN;
    if (own) {
      if (!input.oldPW) throw badRequest(PROFILE_MESSAGES.oldPasswordRequired);
      const stored = (await this.accounts.findUserById(userId))?.passwordHash;
      if (!stored || !(await verifyPassword(input.oldPW, stored))) throw badRequest(PROFILE_MESSAGES.wrongOldPassword);
    }
    if ([...input.newPW].length < min) throw badRequest(PROFILE_MESSAGES.passwordTooShort(min));
    const notices = await this.notices.before(userId);
    await this.profile.setPassword(userId, await hashPassword(input.newPW), own ? caller.token : null);
    notices.passwordChanged(own ? 'own' : 'administrator');
    this.events.info({ event: 'user.password-changed', userId, by: own ? 'self' : 'administrator', ...actedBy(caller) }, 'password changed; other sessions and API keys ended');
  }

  /** The user's own language (My Profile > Appearance): only the user, from a session or with an API key. */
  async setLanguage(actor: Actor | null, userId: number, language: Language): Promise<void> {
    const user = requireUser(actor);
    if (user.userId !== userId) throw forbidden(PROFILE_MESSAGES.notYourAccount);
    await this.profile.setLanguage(userId, language);
  }

  /** Listing and deleting keys works with an API key too (a script may revoke itself). */
  async apiKeys(actor: Actor | null, userId: number): Promise<ApiKey[]> {
    await this.account(requireUser(actor), userId);
    return (await this.profile.listApiKeys(userId)).map(present);
  }

  /** The full key is in the answer once (spec 1 §7.1 "data.data"); only a hash of its secret is stored. */
  async createApiKey(actor: Actor | null, userId: number, description: string): Promise<CreatedApiKey> {
    const user = requireSession(actor);
    if (user.userId !== userId) throw forbidden(isAdmin(user) ? PROFILE_MESSAGES.onlyOwnKeys : PROFILE_MESSAGES.notYourAccount);
    const key = newSecretToken();
    const row = await this.profile.insertApiKey({ key: key.token, secretHash: key.secretHash, userId, description });
    this.events.info({ event: 'api-key.created', userId, apiKey: key.token, ...actedBy(user) }, 'API key created');
    return { data: { ...present(row), data: key.value } };
  }

  async deleteApiKey(actor: Actor | null, userId: number, apikey: string): Promise<void> {
    const caller = await this.account(requireUser(actor), userId);
    if (!(await this.profile.deleteApiKey(userId, apikey))) throw notFound(PROFILE_MESSAGES.apiKeyNotFound);
    this.events.info({ event: 'api-key.deleted', userId, apiKey: apikey, ...actedBy(caller) }, 'API key deleted');
  }

  /** The caller, when they may act on the account: their own, or any existing one for an administrator. */
  private async account(user: Actor, userId: number): Promise<Actor> {
    if (user.userId === userId) return user;
    if (!isAdmin(user)) throw forbidden(PROFILE_MESSAGES.notYourAccount);
    if (!(await this.profile.userExists(userId))) throw notFound(PROFILE_MESSAGES.userNotFound);
    return user;
  }
}

function present(row: ApiKeyRow): ApiKey {
  return {
    apikey: row.key,
    description: row.description,
    created: row.created.toISOString(),
    lastAccess: row.lastAccess?.toISOString() ?? null,
  };
}
