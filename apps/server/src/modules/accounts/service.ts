/** Sign-in, setup, sign-up and group lookup: the rules and access checks of spec 1 §2.5–2.7 and §7.1. */
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_ROLE, isEmailAddress, LANGUAGES, type Language, isReservedGroupName, type GroupFindAnswer, type SessionUser, type SignupAnswer } from '@corridor/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { isAdmin, requireAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../shared/errors.ts';
import { actedBy, type EventLog } from '../../shared/events.ts';
import type { LoginLimiter } from '../../security/login-limiter.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../security/password.ts';
import { newSecretToken, parseSecretToken, secretMatches } from '../../security/secret-token.ts';
import type { FeaturesService } from '../features/service.ts';
import type { AccountsRepository, UserRow } from './repository.ts';

export const LOGIN_FAILED = 'Username or password could not be verified.';
export const SIGNUP_DISABLED = 'Sign-up is not possible on this instance.';
export const NOT_SET_UP = 'Corridor has not been set up yet.';
export const USERNAME_TAKEN = 'That username is already taken.';

/** A device that has not been used for this long is signed out; each validate call extends it. */
export const SESSION_IDLE_MS = 30 * 24 * 3600_000;

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{2,64}$/;

/** Where a sign-in comes from: the address for rate limiting, the User-Agent to name the device. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** What sign-up asks of the mail module (account-mail/service.ts): the domain rules and the set-password mail. */
export interface SignupMail {
  admitSignup(email: string): Promise<{ allowed: boolean; state: 'active' | 'blocked' }>;
  /** Whether the set-password mail was queued (false without mail settings). */
  signedUp(userId: number, state: 'active' | 'blocked'): Promise<boolean>;
}

export interface SignedIn {
  user: SessionUser;
  cookieValue: string;
}

export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly features: FeaturesService,
    private readonly limiter: LoginLimiter,
    private readonly now: () => Date,
    /** The licence's user limit (admin-accounts/seats.ts); setup is exempt. */
    private readonly seats?: { assertRoom(adding?: number): Promise<void>; hasRoom(adding?: number): Promise<boolean> },
    private readonly signupMail?: SignupMail,
    /** The server's log: a refused burst of sign-ins is one warn line per address and name while it is held up. */
    private readonly log?: EventLog,
  ) {}

  /** Until when a refused (address, username) pair has been reported; bounded, like the limiter's own maps. */
  private readonly refusalsReported = new Map<string, number>();

  /** The Actor behind a session cookie, or null when the cookie is missing, unknown, expired or blocked. */
  async resolveSession(cookieValue: string | undefined): Promise<Actor | null> {
    const parsed = cookieValue ? parseSecretToken(cookieValue) : null;
    if (!parsed) return null;
    const row = await this.accounts.findSession(parsed.token);
    if (!row || !secretMatches(parsed.secret, row.secretHash)) return null;
    if (row.state !== 'active') return null;
    if (this.now().getTime() - row.lastAccess.getTime() > SESSION_IDLE_MS) return null;
    return { userId: row.userId, username: row.username, roles: row.roles, token: parsed.token, via: 'session' };
  }

  /** 400 before setup is how the web app knows to open the setup wizard (spec 1 §2.3). */
  async validate(actor: Actor | null): Promise<SessionUser> {
    if (!(await this.accounts.adminExists())) throw badRequest(NOT_SET_UP);
    const user = requireUser(actor);
    // An API key's last access is kept by its own lookup (profile/api-key-auth.ts).
    if (user.via === 'session') await this.accounts.touchSession(user.token, user.userId, this.now());
    return this.sessionUser(user.userId);
  }

  async setup(input: { username: string; password: string }, client: ClientInfo): Promise<SignedIn> {
    const username = input.username.trim();
    if (!USERNAME_PATTERN.test(username)) {
      throw badRequest('The username must have at least 2 characters: letters, digits, ".", "_" or "-".');
    }
    if (isReservedGroupName(username)) throw badRequest(`"${username}" is the name of a page of Corridor; choose another username.`);
    const passwordHash = await hashPassword(input.password);
    let userId: number | null;
    try {
      userId = await this.accounts.createAdminIfNone({ username, passwordHash, roles: [ADMIN_ROLE] });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
      throw err;
    }
    if (userId === null) throw conflict('Corridor is already set up: an administrator exists.');
    this.log?.info({ event: 'user.created', userId, username, administrator: true, by: 'setup' }, 'first administrator created by the setup');
    return this.signIn(userId, client);
  }

  async login(input: { username: string; password: string }, client: ClientInfo): Promise<SignedIn> {
    const { retryAfterMs, delayMs } = await this.limiter.attempt(client.ip, input.username);
    if (retryAfterMs > 0) {
      this.reportRefusal(client.ip, input.username, retryAfterMs);
      throw tooManyAttempts(retryAfterMs);
    }
    // An account under attack signs in a little slower; it is never locked.
    if (delayMs > 0) await sleep(delayMs);
    const user = await this.accounts.findUserByName(input.username.trim());
    if (!(await passwordAccepted(user, input.password))) {
      await this.limiter.failed(client.ip, input.username);
      throw unauthorized(LOGIN_FAILED);
    }
    await this.limiter.succeeded(client.ip, input.username);
    return this.signIn(user!.id, client);
  }

  /**
   * A user's password checked without a session (the SFTP server, modules/sftp), under the same sign-in limits as
   * login. The user as an Actor, 'limited' while the limits refuse the pair, null for a wrong name or password or a
   * blocked user.
   */
  async passwordActor(input: { username: string; password: string }, ip: string): Promise<Actor | 'limited' | null> {
    const { retryAfterMs, delayMs } = await this.limiter.attempt(ip, input.username);
    if (retryAfterMs > 0) {
      this.reportRefusal(ip, input.username, retryAfterMs);
      return 'limited';
    }
    if (delayMs > 0) await sleep(delayMs);
    const user = await this.accounts.findUserByName(input.username.trim());
    if (!(await passwordAccepted(user, input.password))) {
      await this.limiter.failed(ip, input.username);
      return null;
    }
    await this.limiter.succeeded(ip, input.username);
    return { userId: user!.id, username: user!.username, roles: user!.roles, token: 'sftp', via: 'sftp' };
  }

  async logout(actor: Actor | null): Promise<void> {
    if (actor?.via === 'session') await this.accounts.deleteLoginToken(actor.token);
  }

  async signup(input: { username: string; email: string }): Promise<SignupAnswer> {
    if (!(await this.features.isEnabled('accountsSignup'))) throw forbidden(SIGNUP_DISABLED);
    const username = input.username.trim();
    const email = input.email.trim();
    const invalidUsername = !USERNAME_PATTERN.test(username) || (await this.accounts.isNameTaken(username));
    // The address's domain may be one sign-up does not accept; with authorization required the account may wait.
    const admission = isEmailAddress(email) ? await this.signupMail?.admitSignup(email) : undefined;
    const invalidEmail = !isEmailAddress(email) || admission?.allowed === false;
    if (invalidUsername || invalidEmail) return { ok: false, invalidUsername, invalidEmail };
    let state = admission?.state ?? 'active';
    // Beyond the licence's user limit a sign-up waits, blocked, for an administrator (and a free seat).
    if (state === 'active' && this.seats && !(await this.seats.hasRoom())) state = 'blocked';
    let userId: number;
    try {
      // No password yet: the mail below carries a link to set one.
      userId = await this.accounts.createAccount({ username, passwordHash: null, roles: [], email, state });
    } catch (err) {
      // Someone took the name between the check and the insert.
      if (isUniqueViolation(err)) return { ok: false, invalidUsername: true, invalidEmail: false };
      throw err;
    }
    const mailSent = (await this.signupMail?.signedUp(userId, state)) ?? false;
    this.log?.info({ event: 'user.signed-up', userId, username, state, mailSent }, 'user signed up');
    return { ok: true, invalidUsername: false, invalidEmail: false, awaitingAuthorization: state === 'blocked', mailSent };
  }

  /** An administrator adds a user who can sign in at once (spec 3 §2.10); the personal group comes with it. */
  async createUser(actor: Actor | null, input: { username: string; password: string }): Promise<{ id: number; username: string }> {
    const admin = requireAdmin(actor);
    const username = input.username.trim();
    if (!USERNAME_PATTERN.test(username)) {
      throw badRequest('The username must have at least 2 characters: letters, digits, ".", "_" or "-".');
    }
    if (await this.accounts.isNameTaken(username)) throw conflict(USERNAME_TAKEN);
    await this.seats?.assertRoom();
    const passwordHash = await hashPassword(input.password);
    try {
      const id = await this.accounts.createAccount({ username, passwordHash, roles: [] });
      this.log?.info({ event: 'user.created', userId: id, username, ...actedBy(admin) }, 'user created');
      return { id, username };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
      throw err;
    }
  }

  /** Spec 1 §2.7: 404 for an unknown group, 401 (not 403) when the user may not see it. */
  async findGroup(actor: Actor | null, name: string): Promise<GroupFindAnswer> {
    const user = requireUser(actor);
    const group = await this.accounts.findGroupByName(name);
    if (!group) throw notFound('Group not found.');
    if (!isAdmin(user) && !(await this.accounts.isMember(group.id, user.userId))) {
      throw unauthorized('You are not a member of this group.');
    }
    return group;
  }

  private async signIn(userId: number, client: ClientInfo): Promise<SignedIn> {
    const session = newSecretToken();
    await this.accounts.insertLoginToken({
      token: session.token,
      secretHash: session.secretHash,
      userId,
      description: deviceDescription(client.userAgent),
    });
    await this.accounts.touchSession(session.token, userId, this.now());
    return { user: await this.sessionUser(userId), cookieValue: session.value };
  }

  /** One warn line when a pair starts being refused, not one per refused attempt. */
  private reportRefusal(ip: string, username: string, retryAfterMs: number): void {
    const now = this.now().getTime();
    const key = `${ip}\u0000${username.trim().toLowerCase()}`;
    if ((this.refusalsReported.get(key) ?? 0) > now) return;
    if (this.refusalsReported.size >= 10_000) {
      for (const [other, until] of this.refusalsReported) if (until <= now) this.refusalsReported.delete(other);
      if (this.refusalsReported.size >= 10_000) this.refusalsReported.clear();
    }
    this.refusalsReported.set(key, now + retryAfterMs);
    this.log?.warn({ ip, username, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }, 'sign-in attempts refused: too many failures');
  }

  private async sessionUser(userId: number): Promise<SessionUser> {
    const user = await this.accounts.findUserById(userId);
    if (!user) throw unauthorized();
    const memberships = await this.accounts.listMemberships(userId);
    const personal = memberships.find((m) => m.personal);
    if (!personal) throw new Error(`User ${userId} has no personal group`);
    return {
      userId: user.id,
      username: user.username,
      roles: user.roles,
      teams: memberships.map(({ groupId, groupName, role }) => ({ groupId, groupName, role })),
      groupId: personal.groupId,
      groupName: personal.groupName,
      language: isLanguage(user.language) ? user.language : null,
    };
  }
}

async function passwordAccepted(user: UserRow | null, password: string): Promise<boolean> {
  if (!user || !user.passwordHash || user.state !== 'active') return burnPasswordCheck(password);
  return verifyPassword(password, user.passwordHash);
}

function deviceDescription(userAgent: string | undefined): string {
  const text = userAgent?.trim();
  return text ? text.slice(0, 300) : 'Unknown device';
}

/** 429 with Retry-After in whole seconds and the wait in words ("1 minute", "8 seconds"). */
function tooManyAttempts(retryAfterMs: number): HttpError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? plural(seconds, 'second') : plural(minutes, 'minute');
  return new HttpError(429, `Too many failed sign-in attempts. Please wait ${wait} and try again.`, {
    'retry-after': String(seconds),
  });
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}
