import { type EngineVersion, type License, SETUP_LICENSE_KEY_MIN, SETUP_PASSWORD_MIN } from '@corridor/contract';

export interface AdminAccount {
  username: string;
  password: string;
  repeatPassword: string;
}

/** Catalogue keys of the setup password rules (spec 1 §5), under `setup.admin.errors`. */
export type AdminErrorKey = 'usernameRequired' | 'passwordRequired' | 'passwordTooShort' | 'passwordsDiffer';

export function adminErrors(account: AdminAccount): Partial<Record<keyof AdminAccount, AdminErrorKey>> {
  if (!account.username.trim()) return { username: 'usernameRequired' };
  if (!account.password) return { password: 'passwordRequired' };
  if (account.password.length < SETUP_PASSWORD_MIN) return { password: 'passwordTooShort' };
  if (account.password !== account.repeatPassword) return { repeatPassword: 'passwordsDiffer' };
  return {};
}

export type LicenseMode = 'key' | 'file' | 'community';
export const LICENSE_MODES: readonly LicenseMode[] = ['key', 'file', 'community'];

/** A key or file together with the licence the server read from it. */
export interface CheckedKey {
  key: string;
  license: License;
}
export interface CheckedFile {
  file: File;
  license: License;
}

export interface LicenseDraft {
  mode: LicenseMode;
  key: string;
  checkedKey?: CheckedKey;
  file: File | null;
  checkedFile?: CheckedFile;
  communityName: string;
  communityOrganisation: string;
}

export const EMPTY_LICENSE_DRAFT: LicenseDraft = {
  mode: 'key',
  key: '',
  file: null,
  communityName: '',
  communityOrganisation: '',
};

/** The key as it is checked and registered. */
export function normalizeKey(key: string): string {
  return key.trim();
}

export function isKeyLongEnough(key: string): boolean {
  return normalizeKey(key).length >= SETUP_LICENSE_KEY_MIN;
}

/** The checked licence of the key as typed now; editing the key after the check voids it. */
export function keyLicense(draft: LicenseDraft): CheckedKey | undefined {
  return draft.checkedKey?.key === normalizeKey(draft.key) ? draft.checkedKey : undefined;
}

export function fileLicense(draft: LicenseDraft): CheckedFile | undefined {
  return draft.file && draft.checkedFile?.file === draft.file ? draft.checkedFile : undefined;
}

export type LicensePlan =
  | { kind: 'file'; file: File }
  | { kind: 'key'; key: string }
  | { kind: 'community'; name: string; organisation: string };

/**
 * What setup will register, or undefined without a valid licence. A checked file takes
 * precedence over a checked key (spec 1 §4).
 */
export function licensePlan(draft: LicenseDraft): LicensePlan | undefined {
  if (draft.mode === 'community') {
    const name = draft.communityName.trim();
    return name ? { kind: 'community', name, organisation: draft.communityOrganisation.trim() } : undefined;
  }
  const file = fileLicense(draft);
  if (file) return { kind: 'file', file: file.file };
  const key = keyLicense(draft);
  if (key) return { kind: 'key', key: key.key };
  return undefined;
}

export interface SetupPlan {
  account: { username: string; password: string };
  license: LicensePlan;
  /** The engine version to download, or null to skip the download. */
  engine: EngineVersion | null;
}
