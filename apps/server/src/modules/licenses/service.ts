/**
 * Licence checks and storage. Checking is open before setup because the setup wizard checks the licence
 * while creating the first administrator; afterwards everything here is for administrators only.
 */
import type { KeyObject } from 'node:crypto';
import { License, type CommunityLicenseRequest, type LicensePayload } from '@corridor/contract';
import { requireAdmin, type Actor } from '../../shared/access.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import type { AccountsRepository } from '../accounts/repository.ts';
import type { InstallationKeys } from './installation-keys.ts';
import type { LicensesRepository } from './repository.ts';
import { LICENSE_MESSAGES, isoDate, normalizeKey, signLicense, verifyLicense } from './token.ts';

/** How long a community licence issued by this installation is valid. */
const COMMUNITY_VALIDITY_YEARS = 1;

export class LicensesService {
  constructor(
    private readonly licenses: LicensesRepository,
    private readonly accounts: AccountsRepository,
    private readonly installationKeys: InstallationKeys,
    private readonly vendorKey: KeyObject | null,
    private readonly now: () => Date,
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  async check(actor: Actor | null, key: string): Promise<License> {
    await this.requireCheckAccess(actor);
    return this.verified(key);
  }

  /** `read` is called only after the access check, so a stranger's upload is never read. */
  async checkFile(actor: Actor | null, read: () => Promise<Buffer>): Promise<License> {
    await this.requireCheckAccess(actor);
    return this.verified(fileKey(await read()));
  }

  async add(actor: Actor | null, key: string): Promise<License> {
    const admin = requireAdmin(actor);
    const license = await this.verified(key);
    await this.licenses.save(license.key, payloadOf(license));
    this.events.info({ event: 'licence.added', licensee: license.name, organisation: license.organisation, validUntil: license.validUntilDate, ...actedBy(admin) }, 'licence added');
    return license;
  }

  async addFile(actor: Actor | null, read: () => Promise<Buffer>): Promise<License> {
    requireAdmin(actor);
    return this.add(actor, fileKey(await read()));
  }

  async issueCommunity(actor: Actor | null, request: CommunityLicenseRequest): Promise<License> {
    const admin = requireAdmin(actor);
    const now = this.now();
    const until = new Date(now);
    until.setUTCFullYear(until.getUTCFullYear() + COMMUNITY_VALIDITY_YEARS);
    const payload: LicensePayload = {
      name: request.name,
      organisation: request.organisation,
      validFromDate: isoDate(now),
      validUntilDate: isoDate(until),
      creationDate: now.toISOString(),
      features: { commercial: false },
      limits: {},
      issuer: 'community',
    };
    const key = signLicense(payload, (await this.installationKeys.get()).privateKey);
    await this.licenses.save(key, payload);
    this.events.info({ event: 'licence.added', licensee: payload.name, organisation: payload.organisation, validUntil: payload.validUntilDate, issuer: 'community', ...actedBy(admin) }, 'community licence issued');
    return { ...payload, key };
  }

  async list(actor: Actor | null): Promise<License[]> {
    requireAdmin(actor);
    const rows = await this.licenses.list();
    return rows.map((row) => License.parse({ ...(row.payload as object), key: row.key }));
  }

  async remove(actor: Actor | null, key: string): Promise<void> {
    const admin = requireAdmin(actor);
    if (!(await this.licenses.delete(normalizeKey(key)))) throw notFound('Licence not found.');
    this.events.info({ event: 'licence.removed', ...actedBy(admin) }, 'licence removed');
  }

  /** Verifies a stored licence again (it may have expired since); an invalid one stays stored until removed. */
  async refresh(actor: Actor | null, key: string): Promise<License> {
    requireAdmin(actor);
    const row = await this.licenses.get(normalizeKey(key));
    if (!row) throw notFound('Licence not found.');
    return this.verified(row.key);
  }

  private async requireCheckAccess(actor: Actor | null): Promise<void> {
    if (await this.accounts.adminExists()) requireAdmin(actor);
  }

  private async verified(key: string): Promise<License> {
    const keys = { vendor: this.vendorKey, community: (await this.installationKeys.get()).publicKey };
    const result = verifyLicense(key, keys, isoDate(this.now()));
    if (!result.ok) throw badRequest(result.message);
    return result.license;
  }
}

function fileKey(content: Buffer): string {
  const text = content.toString('utf8').trim();
  if (text.length === 0) throw badRequest(LICENSE_MESSAGES.emptyFile);
  return text;
}

function payloadOf(license: License): LicensePayload {
  const { key: _key, ...payload } = license;
  return payload;
}
