import { z } from 'zod';
import { LANGUAGES, PASSWORD_MIN } from './constants.ts';
import { ExactText, PlainText } from './strings.ts';

export const TeamRole = z.enum(['owner', 'member']);
export type TeamRole = z.infer<typeof TeamRole>;

export const Team = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  role: TeamRole,
});
export type Team = z.infer<typeof Team>;

/** Answer of validate, login and setup (spec 1 §3 "Session user"). */
export const SessionUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  roles: z.array(z.string()),
  teams: z.array(Team),
  groupId: z.number().int(),
  groupName: z.string(),
  /** The language chosen under My Profile > Appearance; null: none chosen, the browser's language (issue 25). */
  language: z.enum(LANGUAGES).nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const Username = PlainText().min(1).max(64);

export const LoginRequest = z.object({
  username: ExactText().min(1),
  password: ExactText().min(1),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SetupRequest = z.object({
  username: Username,
  password: ExactText().min(PASSWORD_MIN).max(1024),
});
export type SetupRequest = z.infer<typeof SetupRequest>;

export const SignupRequest = z.object({
  username: ExactText(),
  email: ExactText(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/**
 * Signup answer: on success ok is true; on failure (HTTP 400) the flags say which field was wrong. On success it also
 * says whether the account waits, blocked, for an administrator (authorization required, or the licence's user
 * limit reached) and whether the mail with the set-password link went out (false while mail is not configured).
 */
export const SignupAnswer = z.object({
  ok: z.boolean(),
  invalidUsername: z.boolean(),
  invalidEmail: z.boolean(),
  awaitingAuthorization: z.boolean().optional(),
  mailSent: z.boolean().optional(),
  message: z.string().optional(),
});
export type SignupAnswer = z.infer<typeof SignupAnswer>;

export const GroupFindQuery = z.object({ name: ExactText().min(1) });
export const GroupFindAnswer = z.object({ id: z.number().int(), name: z.string() });
export type GroupFindAnswer = z.infer<typeof GroupFindAnswer>;

/**
 * Top-level pages share the address space with groups (`/{group}`): a user or team named like one of them could
 * never be reached, so these names are refused for usernames and team names.
 */
export const RESERVED_GROUP_NAMES = ['setup', 'login', 'signup', 'help', 'jobs', 'scenarios', 'runs', 'settings', 'profile', 'api', 'docs', 'assets'] as const;

export function isReservedGroupName(name: string): boolean {
  return (RESERVED_GROUP_NAMES as readonly string[]).includes(name.trim().toLowerCase());
}
