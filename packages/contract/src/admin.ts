import { z } from 'zod';
import { PASSWORD_MIN } from './constants.ts';
import { RowId } from './integers.ts';
import { TeamRole } from './accounts.ts';
import { PlainText } from './strings.ts';

/**
 * Administration of accounts and groups (spec 3 §2.10, §2.11, §3 "Account user", "User group", §7 "Accounts and
 * teams"). Usernames and group names share one address space (`/{group}`) and one pattern.
 */
export const AccountState = z.enum(['active', 'blocked']);
export type AccountState = z.infer<typeof AccountState>;

/** Spec 3 §9: username and group name at least 2 characters. */
export const ACCOUNT_NAME_MIN = 2;
/** An administrator's new user or password overwrite: the one password rule (spec 3 §9 said 5; issue 25). */
export const ADMIN_PASSWORD_MIN = PASSWORD_MIN;
/** Spec 3 §5: on the licences page a key is trimmed and needs at least 5 characters. */
export const ADMIN_LICENSE_KEY_MIN = 5;

export const AccountUser = z.object({
  id: z.number().int(),
  /** The display name; accounts have no name apart from the username, so it is the username. */
  name: z.string(),
  username: z.string(),
  registeredTimestamp: z.string(),
  /** Null until the user's first request after sign-in. */
  lastActiveTimestamp: z.string().nullable(),
  roles: z.array(z.string()),
  state: AccountState,
});
export type AccountUser = z.infer<typeof AccountUser>;

/** `GET /accounts/users`: optional search in usernames and paging. */
export const UsersQuery = z.object({
  search: PlainText().max(64).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** `totalUserCount` counts every user matching the search, not just this page. */
export const UsersAnswer = z.object({ users: z.array(AccountUser), totalUserCount: z.number().int() });
export type UsersAnswer = z.infer<typeof UsersAnswer>;

/** `POST /accounts/users/batch` (spec 3 §4 "Account state: active or blocked, set in batch"). */
export const BatchRequest = z.object({
  users: z.array(RowId).min(1).max(1000),
  action: z.literal('setUserState'),
  payload: z.object({ state: AccountState }),
});
export type BatchRequest = z.infer<typeof BatchRequest>;
export const BatchAnswer = z.object({ updated: z.number().int() });
export type BatchAnswer = z.infer<typeof BatchAnswer>;

/** `POST /accounts/users/{id}/username`; the user's personal group is renamed with it. */
export const UsernameRequest = z.object({ newUsername: PlainText().min(ACCOUNT_NAME_MIN).max(64) });
export type UsernameRequest = z.infer<typeof UsernameRequest>;

/** `GET /accounts/users/{id}/groups`: the groups of a user, the personal one first. */
export const UserGroup = z.object({ groupId: z.number().int(), groupName: z.string(), role: TeamRole, personal: z.boolean() });
export type UserGroup = z.infer<typeof UserGroup>;

/** `POST /accounts/groups/{id}/name` (teams only: a personal group is renamed with its user). */
export const GroupRenameRequest = z.object({ newGroupname: PlainText().min(ACCOUNT_NAME_MIN).max(64) });
export type GroupRenameRequest = z.infer<typeof GroupRenameRequest>;
