/**
 * A user's e-mail addresses and the public flows that mail one-time links (spec 1 §2.5, §2.18, §4 "Email", §7.1):
 * verify an address, forgot password, set a password, and the set-password mail of a sign-up.
 * docs/decisions.md "Mail and one-time links".
 */
import { isEmailAddress, MAIL_MESSAGES, SET_PASSWORD_MIN, type UserEmail } from '@corridor/contract';
import { hashPassword } from '../../security/password.ts';
import { isAdmin, requireSession, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, HttpError, notFound } from '../../shared/errors.ts';
import type { FeaturesService } from '../features/service.ts';
import { resetPasswordMessage, verifyEmailMessage, welcomeMessage } from '../mail/messages.ts';
import type { MailService } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { admission, type Admission } from './domains.ts';
import type { AccountNotices } from './notices.ts';
import type { MailRateLimiter } from './rate-limiter.ts';
import type { AccountMailRepository, EmailRow, TokenRow } from './repository.ts';
import { hashLinkToken, LINK_PATHS, LINK_VALIDITY_MS, newLinkToken, type LinkPurpose } from './tokens.ts';

export interface AccountMailDeps {
  repository: AccountMailRepository;
  mail: MailService;
  settings: SettingsService;
  features: FeaturesService;
  limiter: MailRateLimiter;
  notices: AccountNotices;
  /** PUBLIC_URL: when set, every mailed link starts with its origin. */
  publicUrl: URL | null;
  now: () => Date;
}

/** Where a request came from: the client address (rate limits) and the origin it addressed (links). */
export interface Requester {
  ip: string;
  origin: string | null;
}

const DAY_MS = 24 * 3600_000;

export class AccountMailService {
  constructor(private readonly deps: AccountMailDeps) {}

  // ---- e-mail addresses (profile, and administrators for any user) ------------------------------------------
  // Reading them works with an API key; changing them needs a session (the user's or an administrator's): an address
  // that receives reset links is the way to the password, and a key must not open it (issue 23).

  async listEmails(actor: Actor | null, userId: number): Promise<UserEmail[]> {
    await this.requireSelfOrAdmin(requireUser(actor), userId);
    return (await this.deps.repository.listEmails(userId)).map(userEmail);
  }

  /** The user's verified addresses are told (not the new one: it is not theirs until verified). */
  async addEmail(actor: Actor | null, userId: number, input: string): Promise<UserEmail> {
    const caller = requireSession(actor);
    await this.requireSelfOrAdmin(caller, userId);
    const email = input.trim();
    if (!isEmailAddress(email)) throw badRequest(MAIL_MESSAGES.invalidEmail);
    if (await this.deps.repository.hasEmail(userId, email)) throw conflict(MAIL_MESSAGES.emailExists);
    const notices = await this.deps.notices.before(userId);
    const added = await this.deps.repository.addEmail(userId, email);
    notices.addressAdded(email, caller.userId !== userId);
    return userEmail(added);
  }

  async deleteEmail(actor: Actor | null, userId: number, id: number): Promise<void> {
    await this.requireSelfOrAdmin(requireSession(actor), userId);
    if (!(await this.deps.repository.deleteEmail(userId, id))) throw notFound(MAIL_MESSAGES.emailNotFound);
  }

  /** "Verify now!": mails a link to `/-/verify-email/{token}`; a mail failure is the answer (503/502). */
  async sendVerification(actor: Actor | null, userId: number, id: number, requester: Requester): Promise<void> {
    const user = await this.requireSelfOrAdmin(requireSession(actor), userId);
    const email = await this.deps.repository.findEmail(userId, id);
    if (!email) throw notFound(MAIL_MESSAGES.emailNotFound);
    if (email.verified) throw conflict(MAIL_MESSAGES.alreadyVerified);
    const origin = await this.linkOrigin(requester.origin);
    const link = await this.newLink('verify-email', userId, email.id, LINK_VALIDITY_MS.verifyEmail, origin);
    await this.deps.mail.send(verifyEmailMessage(email.email, user.username, link, LINK_VALIDITY_MS.verifyEmail / DAY_MS));
  }

  /** Opening the verification link: the address is verified. Anyone holding the link may (it was mailed there). */
  async verifyEmail(token: string): Promise<{ email: string }> {
    const row = await this.redeemable(token, 'verify-email');
    const email = row.emailId === null ? null : await this.deps.repository.findEmail(row.userId, row.emailId);
    if (!email) throw new HttpError(410, MAIL_MESSAGES.linkInvalid);
    if (!(await this.deps.repository.redeemVerification(row.id, email.id, this.deps.now()))) throw new HttpError(410, MAIL_MESSAGES.linkUsed);
    return { email: email.email };
  }

  // ---- passwords through mailed links ------------------------------------------------------------------------

  /**
   * Forgot password: the same answer whether or not the address belongs to anyone; the mails go out in the
   * background so the answer's timing does not tell either. Limited per client and per address (429).
   */
  async forgotPassword(input: string, requester: Requester): Promise<void> {
    const email = input.trim();
    if (!isEmailAddress(email)) throw badRequest(MAIL_MESSAGES.invalidEmail);
    const waitMs = await this.deps.limiter.take(requester.ip, email);
    if (waitMs > 0) throw new HttpError(429, MAIL_MESSAGES.tooManyRequests, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
    // Decided before looking the address up, so that no answer depends on whether it exists.
    if (!(await this.deps.mail.configured())) throw new HttpError(503, MAIL_MESSAGES.mailNotConfigured);
    const origin = await this.linkOrigin(null);
    for (const recipient of await this.deps.repository.recipientsFor(email)) {
      const link = await this.newLink('set-password', recipient.userId, recipient.emailId, LINK_VALIDITY_MS.resetPassword, origin);
      const hours = LINK_VALIDITY_MS.resetPassword / 3600_000;
      this.deps.mail.sendLater(resetPasswordMessage(recipient.email, recipient.username, link, hours), 'forgot password');
    }
  }

  /** Every device of the user is signed out and every API key deleted; the addresses verified before are told. */
  async setPassword(token: string, password: string): Promise<{ username: string }> {
    if (password.length < SET_PASSWORD_MIN) throw badRequest(MAIL_MESSAGES.passwordTooShort);
    const row = await this.redeemable(token, 'set-password');
    const passwordHash = await hashPassword(password);
    const notices = await this.deps.notices.before(row.userId);
    if (!(await this.deps.repository.redeemPassword(row, passwordHash, this.deps.now()))) throw new HttpError(410, MAIL_MESSAGES.linkUsed);
    notices.passwordChanged('link');
    return { username: row.username };
  }

  // ---- sign-up (accounts/service.ts calls these) ---------------------------------------------------------------

  /** Whether the address may sign up, and the new account's state (docs/decisions.md). */
  async admitSignup(email: string): Promise<Admission> {
    const settings = await this.deps.settings.stored();
    return admission(email, {
      signupDomains: settings.accountsSignupDomains,
      autoAuthDomains: settings.accountsAutoAuthDomains,
      requireAuthorization: await this.deps.features.isEnabled('accountsRequireAuthorization'),
    });
  }

  /**
   * The new account's mail with the link to set its password, sent in the background like forgot password. Without
   * mail settings nothing is sent: the user asks for a link with "Forgot password" once mail works. Answers whether
   * the mail was queued.
   */
  async signedUp(userId: number, state: Admission['state']): Promise<boolean> {
    const [email] = await this.deps.repository.listEmails(userId);
    const user = await this.deps.repository.findUser(userId);
    if (!email || !user || !(await this.deps.mail.configured())) return false;
    const origin = await this.linkOrigin(null).catch(() => null);
    if (!origin) return false;
    const link = await this.newLink('set-password', userId, email.id, LINK_VALIDITY_MS.signupPassword, origin);
    const days = LINK_VALIDITY_MS.signupPassword / DAY_MS;
    this.deps.mail.sendLater(welcomeMessage(email.email, user.username, link, days, state === 'blocked'), 'sign-up');
    return true;
  }

  // ---- helpers -------------------------------------------------------------------------------------------------

  /** Self or an administrator; anyone else gets 404, as if the user did not exist. */
  private async requireSelfOrAdmin(caller: Actor, userId: number): Promise<{ id: number; username: string }> {
    const user = caller.userId === userId || isAdmin(caller) ? await this.deps.repository.findUser(userId) : null;
    if (!user) throw notFound('The user could not be found.');
    return user;
  }

  private async newLink(purpose: LinkPurpose, userId: number, emailId: number | null, validMs: number, origin: string): Promise<string> {
    const { token, hash } = newLinkToken();
    const expires = new Date(this.deps.now().getTime() + validMs);
    await this.deps.repository.insertToken({ tokenHash: hash, purpose, userId, emailId, expires });
    return `${origin}${LINK_PATHS[purpose]}${token}`;
  }

  /**
   * PUBLIC_URL when set. Otherwise a signed-in user's own request names the origin; anonymous requests (forgot
   * password, sign-up) use the origin an administrator saved the settings from, never their own Host header, so a
   * forged Host cannot send someone a link to another site.
   */
  private async linkOrigin(requestOrigin: string | null): Promise<string> {
    if (this.deps.publicUrl) return this.deps.publicUrl.origin;
    const origin = requestOrigin ?? (await this.deps.settings.linkOrigin());
    if (!origin) throw new HttpError(503, MAIL_MESSAGES.mailNotConfigured);
    return origin;
  }

  /** The token's row if it can still be redeemed for `purpose`: 404 unknown, 410 used or expired. */
  private async redeemable(token: string, purpose: LinkPurpose): Promise<TokenRow> {
    const row = await this.deps.repository.findToken(hashLinkToken(token));
    if (!row || row.purpose !== purpose) throw notFound(MAIL_MESSAGES.linkInvalid);
    if (row.used) throw new HttpError(410, MAIL_MESSAGES.linkUsed);
    if (row.expires.getTime() <= this.deps.now().getTime()) throw new HttpError(410, MAIL_MESSAGES.linkExpired);
    return row;
  }
}

function userEmail(row: EmailRow): UserEmail {
  return {
    id: row.id,
    email: row.email,
    createdTimestamp: row.created.toISOString(),
    verified: row.verified,
    verifiedTimestamp: row.verifiedTimestamp?.toISOString() ?? null,
  };
}
