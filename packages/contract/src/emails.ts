/**
 * A user's e-mail addresses (spec 1 §2.18, §3 "Email", §7.1) and the public account flows that mail one-time links:
 * verify an address (`/-/verify-email/{token}`), forgot password and set a password (`/-/set-password/{token}`).
 * docs/decisions.md "Mail and one-time links".
 */
import { z } from 'zod';
import { SETUP_PASSWORD_MIN } from './constants.ts';
import { ExactText, PlainText } from './strings.ts';

/** Spec 1 §3 "Email". Times are ISO strings. */
export const UserEmail = z.object({
  id: z.number().int(),
  email: z.string(),
  createdTimestamp: z.string(),
  verified: z.boolean(),
  verifiedTimestamp: z.string().nullable(),
});
export type UserEmail = z.infer<typeof UserEmail>;

export const EMAIL_MAX = 254;

/**
 * Characters a mail library reads as more than one plain mailbox (issue 23 finding 9): a list (`,` `;`), a display
 * name's angle brackets and quotes, comments `(…)`, groups `:`, domain literals `[…]`, escapes `\\`, a second `@`,
 * whitespace, control and invisible format characters.
 */
const NOT_IN_MAILBOX = /[\s\p{Cc}\p{Cf}@,;<>"()[\]\\:]/u;

/**
 * Exactly one plain mailbox, `local@domain`: no display name, no list, nothing quoted or bracketed, a domain without
 * empty labels. What is accepted is stored and delivered to as it is; the rest is for the mail server to judge
 * (spec 1 §5: it must contain "@").
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf('@');
  if (text.length > EMAIL_MAX || at <= 0 || at === text.length - 1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  return !NOT_IN_MAILBOX.test(local) && !NOT_IN_MAILBOX.test(domain) && domain.split('.').every((label) => label !== '');
}

export const AddEmailRequest = z.object({ email: PlainText().max(EMAIL_MAX) });
export type AddEmailRequest = z.infer<typeof AddEmailRequest>;

export const ForgotPasswordRequest = z.object({ email: PlainText().min(1).max(EMAIL_MAX) });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** The token of a mailed link: base64url of 32 random bytes. */
const LinkToken = ExactText().min(1).max(200);

export const VerifyEmailRequest = z.object({ token: LinkToken });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
export const VerifyEmailAnswer = z.object({ email: z.string() });
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswer>;

/** A password set through a mailed link follows the setup rule (spec 1 §9: at least 6 characters). */
export const SET_PASSWORD_MIN = SETUP_PASSWORD_MIN;
export const SetPasswordRequest = z.object({ token: LinkToken, password: ExactText().max(1024) });
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;
/** Who the password now belongs to, so the page can say which name to sign in with. */
export const SetPasswordAnswer = z.object({ username: z.string() });
export type SetPasswordAnswer = z.infer<typeof SetPasswordAnswer>;

/** Texts of the server's answers that the pages show as they are. */
export const MAIL_MESSAGES = {
  invalidEmail: 'Please enter one plain email address such as name@example.org: no name, angle brackets, quotes, commas, semicolons or spaces.',
  invalidSender: 'Please enter the sender address as one plain email address such as corridor@example.org: no name, angle brackets, quotes, commas, semicolons or spaces.',
  emailExists: 'This address is already registered for this account.',
  emailNotFound: 'The email address could not be found.',
  alreadyVerified: 'This address is verified already.',
  linkInvalid: 'This link is not valid. Please check that you opened the whole link from the email.',
  linkUsed: 'This link has been used already. Each link works only once.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  passwordTooShort: `The password must have at least ${SET_PASSWORD_MIN} characters.`,
  mailNotConfigured: 'Mail is not configured on this server. An administrator can set it up under Settings > SMTP.',
  tooManyRequests: 'Too many requests. Please wait a while and try again.',
} as const;
