import { z } from 'zod';
import { MultilineText, Name, NAME_MAX, PlainText } from './strings.ts';

/**
 * The signed content of a licence key (spec 1 §3, spec 3 §3 "Licence").
 * A key is `base64url(JSON payload) + "." + base64url(Ed25519 signature of the payload part)`.
 */
export const LicensePayload = z.object({
  name: z.string(),
  organisation: z.string(),
  validFromDate: z.string(), // ISO date, YYYY-MM-DD
  validUntilDate: z.string(), // ISO date, YYYY-MM-DD
  creationDate: z.string(), // ISO date-time
  features: z.object({ commercial: z.boolean() }),
  limits: z.record(z.string(), z.union([z.string(), z.number()])),
  /** "vendor" keys are signed with LICENSE_PUBLIC_KEY's private half; "community" keys by this installation. */
  issuer: z.enum(['vendor', 'community']),
});
export type LicensePayload = z.infer<typeof LicensePayload>;

export const License = LicensePayload.extend({ key: z.string() });
export type License = z.infer<typeof License>;

export const LicenseList = z.array(License);

export const LicenseKeyQuery = z.object({ key: PlainText().min(1) });

/**
 * POST …/licenses/check/key and …/licenses/key take the key as text/plain, or as JSON in this shape. A pasted key
 * may be wrapped over lines: whitespace is dropped when it is read.
 */
export const LicenseKeyText = MultilineText(null);
export const LicenseKeyRequest = z.object({ key: LicenseKeyText });
export type LicenseKeyRequest = z.infer<typeof LicenseKeyRequest>;

export const CommunityLicenseRequest = z.object({
  name: Name(),
  organisation: PlainText().max(NAME_MAX).default(''),
});
export type CommunityLicenseRequest = z.infer<typeof CommunityLicenseRequest>;
