/**
 * MATSim releases on the server (Settings > MATSim Releases, issue 24), administrators only: the release zips in
 * `DATA_DIR/engines/matsim-{version}.zip` the runner unpacks for templates that name a version. Listed with the job
 * templates that use each; downloaded through the setup wizard's download (engine-setup, one at a time, progress
 * polled); uploaded for installations without internet (checked to be a release, bounded, stored atomically);
 * deleted only when no job template uses them.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MATSIM_RELEASE_MESSAGES,
  MATSIM_RELEASES,
  MATSIM_VERSION_PATTERN,
  type MatsimRelease,
  type MatsimReleasesAnswer,
  type MatsimReleaseUploadAnswer,
} from '@corridor/contract';
import { requireAdmin, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { EngineSetupService } from '../engine-setup/service.ts';
import { releaseKey } from '../job-files/prespecified.ts';
import type { UploadPart } from '../files/upload.ts';
import { checkReleaseZip } from './release-zip.ts';
import type { MatsimReleasesRepository } from './repository.ts';

export interface MatsimReleasesDeps {
  dataDir: string;
  engine: EngineSetupService;
  repository: MatsimReleasesRepository;
  /** The job files prespecified releases were copied into, by key (job-files). */
  prespecifiedCopies: () => Promise<Map<string, number>>;
  events?: EventLog;
}

const ZIP = /^matsim-(.+)\.zip$/;

export class MatsimReleasesService {
  constructor(private readonly deps: MatsimReleasesDeps) {}

  private get events(): EventLog {
    return this.deps.events ?? NO_EVENTS;
  }

  private get dir(): string {
    return path.join(this.deps.dataDir, 'engines');
  }

  private zipPath(version: string): string {
    return path.join(this.dir, `matsim-${version}.zip`);
  }

  async list(actor: Actor | null): Promise<MatsimReleasesAnswer> {
    requireAdmin(actor);
    const onServer = await this.onServer();
    const known: readonly string[] = MATSIM_RELEASES;
    const others = [...onServer.keys()].filter((v) => !known.includes(v)).sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    const uses = await this.uses();
    const releases: MatsimRelease[] = [...known, ...others].map((version) => {
      const file = onServer.get(version);
      return {
        version,
        onServer: file !== undefined,
        size: file?.size ?? null,
        added: file?.added.toISOString() ?? null,
        known: known.includes(version),
        templates: uses(version),
      };
    });
    return { releases, download: await this.deps.engine.status(actor) };
  }

  /** Starts downloading a release of spec 3 (the wizard's download); progress comes with list(). */
  async download(actor: Actor | null, version: string) {
    const admin = requireAdmin(actor);
    if ((await this.onServer()).has(version)) throw conflict(MATSIM_RELEASE_MESSAGES.exists(version));
    const started = await this.deps.engine.start(actor, version);
    this.events.info({ event: 'matsim-release.download-started', version, ...actedBy(admin) }, 'MATSim release download started');
    return started;
  }

  /** Stores an uploaded release zip under its version, after checking it is one. */
  async upload(actor: Actor | null, parts: AsyncIterable<UploadPart>): Promise<MatsimReleaseUploadAnswer> {
    const admin = requireAdmin(actor);
    await mkdir(this.dir, { recursive: true });
    let answer: MatsimReleaseUploadAnswer | null = null;
    for await (const part of parts) {
      if (answer) throw badRequest('Upload one release zip at a time.');
      answer = await this.store(part);
    }
    if (!answer) throw badRequest('Choose a MATSim release zip to upload.');
    this.events.info({ event: 'matsim-release.uploaded', version: answer.version, size: answer.size, ...actedBy(admin) }, 'MATSim release uploaded');
    return answer;
  }

  private async store(part: UploadPart): Promise<MatsimReleaseUploadAnswer> {
    const temp = path.join(this.dir, `.upload-${randomBytes(6).toString('hex')}.part`);
    try {
      await pipeline(part.content, createWriteStream(temp));
      const check = await checkReleaseZip(temp, part.filename);
      if ('problem' in check) throw badRequest(check.problem);
      const { version } = check;
      const downloading = await this.deps.engine.now();
      if (downloading.state !== 'idle' && downloading.state !== 'done' && downloading.state !== 'error' && downloading.version === version) {
        throw conflict(MATSIM_RELEASE_MESSAGES.downloading(version));
      }
      const file = await open(temp, 'r+');
      try {
        await file.sync();
      } finally {
        await file.close();
      }
      // link() never replaces: a release already there (or stored at the same moment) is refused, not overwritten.
      try {
        await link(temp, this.zipPath(version));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw conflict(MATSIM_RELEASE_MESSAGES.exists(version));
        throw err;
      }
      await syncDir(this.dir);
      return { version, size: (await stat(this.zipPath(version))).size };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Deletes a release no job template uses. The runner's unpacked copy stays (docs/decisions.md). */
  async remove(actor: Actor | null, version: string): Promise<void> {
    const admin = requireAdmin(actor);
    if (!MATSIM_VERSION_PATTERN.test(version) || !(await this.onServer()).has(version)) throw notFound(MATSIM_RELEASE_MESSAGES.notOnServer(version));
    const templates = (await this.uses())(version);
    if (templates.length > 0) throw conflict(MATSIM_RELEASE_MESSAGES.inUse(version, templates.map((t) => t.name)));
    const status = await this.deps.engine.now();
    if ((status.state === 'downloading' || status.state === 'verifying') && status.version === version) {
      throw conflict(MATSIM_RELEASE_MESSAGES.downloading(version));
    }
    await rm(this.zipPath(version), { force: true });
    this.events.info({ event: 'matsim-release.deleted', version, ...actedBy(admin) }, 'MATSim release deleted');
  }

  /** The release zips in the engines folder by version. */
  private async onServer(): Promise<Map<string, { size: number; added: Date }>> {
    const found = new Map<string, { size: number; added: Date }>();
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return found;
    }
    for (const name of names) {
      const version = ZIP.exec(name)?.[1];
      if (!version || !MATSIM_VERSION_PATTERN.test(version)) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (info?.isFile()) found.set(version, { size: info.size, added: info.mtime });
    }
    return found;
  }

  /** Which job templates use a version: by their MATSim version, or with the release's job-file copy. */
  private async uses(): Promise<(version: string) => { id: number; name: string }[]> {
    const [templates, copies] = await Promise.all([this.deps.repository.templates(), this.deps.prespecifiedCopies()]);
    return (version) => {
      const copy = copies.get(releaseKey(version));
      return templates
        .filter((t) => t.matsimVersion === version || (copy !== undefined && t.fileIds.includes(copy)))
        .map((t) => ({ id: t.id, name: t.name }));
    };
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
