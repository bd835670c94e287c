/**
 * My Profile's security calls (spec 1 §2.18, §3, §7.1): devices (login tokens), password change and API keys.
 * E-mails are in their own file.
 */
import { z } from 'zod';
import { LANGUAGES, SETUP_PASSWORD_MIN } from './constants.ts';
import { ExactText, PlainText } from './strings.ts';

/**
 * What the server accepts for a user's own new password: the setup minimum (spec 1 §9), so no account ends up
 * weaker than its first password was allowed to be (the profile's button already enables at PROFILE_PASSWORD_MIN).
 * docs/decisions.md "Profile, devices and API keys".
 */
export const OWN_PASSWORD_MIN = SETUP_PASSWORD_MIN;
export const PASSWORD_MAX = 1024;

export const PROFILE_MESSAGES = {
  wrongOldPassword: 'The old password is not correct.',
  oldPasswordRequired: 'Please enter your old password.',
  passwordTooShort: (min: number) => `The new password must have at least ${min} characters.`,
  notYourAccount: 'You can only manage your own account.',
  userNotFound: 'The user could not be found.',
  deviceNotFound: 'The device could not be found.',
  apiKeyNotFound: 'The API key could not be found.',
  notWithApiKey: 'This needs a signed-in session; an API key cannot do it.',
  onlyOwnKeys: 'API keys can only be created for your own account.',
  currentDevice: 'This is the device you are using; sign out instead.',
} as const;

/** A signed-in device (spec 1 §3 "Login token"). `current` marks the device the request came from. */
export const Device = z.object({
  token: z.string(),
  /** Readable name from the browser's User-Agent ("Chrome on Linux"), or the agent text itself. */
  description: z.string(),
  created: z.string(),
  lastAccess: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof Device>;

/** An API key as the profile lists it: the public id, never the secret. */
export const ApiKey = z.object({
  apikey: z.string(),
  description: z.string(),
  created: z.string(),
  lastAccess: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyRequest = z.object({ description: PlainText().min(1).max(200) });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/**
 * Spec 1 §7.1: "the key is in the answer's data.data". The answer is `{ data: { ...list entry, data: fullKey } }`:
 * `data` is the new entry as GET lists it, and its `data` the full key (`{apikey}.{secret}`), shown this once.
 */
export const CreatedApiKey = z.object({ data: ApiKey.extend({ data: z.string() }) });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** PUT /accounts/users/{userId}/appearance: the user's language, kept with the account (issue 25). */
export const AppearanceRequest = z.object({ language: z.enum(LANGUAGES) });
export type AppearanceRequest = z.infer<typeof AppearanceRequest>;

/** `oldPW` is required when changing one's own password; an administrator overwriting another's omits it. */
export const ChangePasswordRequest = z.object({
  oldPW: ExactText().max(PASSWORD_MAX).optional(),
  newPW: ExactText().min(1).max(PASSWORD_MAX),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
