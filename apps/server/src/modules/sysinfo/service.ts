/** System information for administrators and the help page's config info (spec 3 §2.17, §2.18, §3). */
import os from 'node:os';
import type { ConfigInfo, SysInfo } from '@corridor/contract';
import { requireAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { readBuildInfo } from './build-info.ts';
import { DirectoryBytesCache, filesystemSpace } from './disk.ts';
import type { SystemRepository } from './repository.ts';

export interface SysInfoDeps {
  repository: SystemRepository;
  databaseKind: 'pglite' | 'postgresql';
  dataDir: string;
  webDist: string;
  port: number;
  now: () => Date;
  /** A runner silent for longer is not counted as connected. */
  heartbeatTimeoutMs: number;
  /** SFTP file access once it listens (modules/sftp); null or absent: off. */
  sftp?: () => { port: number; host: string | null } | null;
}

export class SysInfoService {
  private readonly dataDirBytes: DirectoryBytesCache;

  constructor(private readonly deps: SysInfoDeps) {
    this.dataDirBytes = new DirectoryBytesCache(deps.dataDir, deps.now);
  }

  async sysInfo(actor: Actor | null): Promise<SysInfo> {
    requireAdmin(actor);
    const { repository, dataDir, now } = this.deps;
    const since = new Date(now().getTime() - this.deps.heartbeatTimeoutMs);
    const [database, files, runsByStatus, connectedRunners, usedBytes, space] = await Promise.all([
      repository.database(),
      repository.fileTotals(),
      repository.jobsByStatus(),
      repository.connectedRunners(since),
      this.dataDirBytes.bytes(),
      filesystemSpace(dataDir),
    ]);
    const build = readBuildInfo(this.deps.webDist);
    const cpus = os.cpus();
    return {
      version: build.version,
      buildDate: build.buildDate,
      uptimeSeconds: Math.round(process.uptime()),
      nodeVersion: process.version,
      database: { kind: this.deps.databaseKind, ...database },
      dataDir: { path: dataDir, usedBytes, ...space },
      files,
      runsByStatus,
      connectedRunners,
      host: {
        cpuModel: cpus[0]?.model.trim() ?? 'unknown',
        cpuCores: os.availableParallelism(),
        loadAverage: os.loadavg(),
        memoryTotalBytes: os.totalmem(),
        memoryFreeBytes: os.freemem(),
        processRssBytes: process.memoryUsage.rss(),
      },
    };
  }

  /** SFTP when it is on (SFTP_PORT); no WebDAV; one process serves app and API. */
  config(actor: Actor | null): ConfigInfo {
    requireUser(actor);
    const build = readBuildInfo(this.deps.webDist);
    const sftp = this.deps.sftp?.() ?? null;
    return {
      buildVersion: build.version,
      buildDate: build.buildDate,
      fileserver: { ssh: sftp ? { enabled: true, port: sftp.port, host: sftp.host } : { enabled: false, port: null, host: null }, webdav: { enabled: false } },
      standalone: true,
      standalonePort: this.deps.port,
    };
  }
}
