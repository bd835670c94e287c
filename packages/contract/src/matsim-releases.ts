/**
 * MATSim releases on the server (Settings > MATSim Releases, issue 24): the release zips in `DATA_DIR/engines` that
 * job templates name by version, downloaded (as the setup wizard does) or uploaded for offline installations.
 */
import { z } from 'zod';
import { EngineDownloadStatus } from './engine.ts';
import { MATSIM_RELEASES } from './jobs.ts';

/** A release version as it appears in `matsim-{version}.jar`: digits and dots, an optional suffix ("2025.0", "16.0-PR3456"). */
export const MATSIM_VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){0,3}(-[A-Za-z0-9.]{1,40})?$/;
export const MatsimVersion = z.string().regex(MATSIM_VERSION_PATTERN, 'not a MATSim version such as 2025.0');

/** The largest release zip an upload may bring (MATSim's own are about 100–200 MB with their libs). */
export const MATSIM_RELEASE_UPLOAD_MAX = 1_000_000_000;

export const MatsimReleaseTemplate = z.object({ id: z.number().int(), name: z.string() });
export type MatsimReleaseTemplate = z.infer<typeof MatsimReleaseTemplate>;

export const MatsimRelease = z.object({
  version: z.string(),
  /** Whether the release zip is on the server. */
  onServer: z.boolean(),
  /** Bytes of the zip; null when not on the server. */
  size: z.number().int().nullable(),
  /** When the zip was put on the server (downloaded or uploaded); null when not on the server. */
  added: z.string().nullable(),
  /** One of spec 3's releases (offered for download); others were uploaded. */
  known: z.boolean(),
  /** Job templates that use the release: by their MATSim version or with its zip as a template file. */
  templates: z.array(MatsimReleaseTemplate),
});
export type MatsimRelease = z.infer<typeof MatsimRelease>;

/** GET /corridor/matsim-releases: spec 3's releases first (newest first), then other versions on the server. */
export const MatsimReleasesAnswer = z.object({
  releases: z.array(MatsimRelease),
  /** The download under way or last finished in this server run (the setup wizard's too). */
  download: EngineDownloadStatus,
});
export type MatsimReleasesAnswer = z.infer<typeof MatsimReleasesAnswer>;

export const MatsimReleaseDownloadQuery = z.object({ version: z.enum(MATSIM_RELEASES) });
export const MatsimReleaseParams = z.object({ version: MatsimVersion });

/** POST /corridor/matsim-releases (multipart, one zip): the release it holds. */
export const MatsimReleaseUploadAnswer = z.object({ version: z.string(), size: z.number().int() });
export type MatsimReleaseUploadAnswer = z.infer<typeof MatsimReleaseUploadAnswer>;

export const MATSIM_RELEASE_MESSAGES = {
  notZip: (name: string) => `${name} is not a zip file: a MATSim release is the zip MATSim publishes (matsim-{version}.zip).`,
  noJar: (name: string) =>
    `${name} is not a MATSim release: it has no matsim-{version}.jar at its top or in one folder (MATSim's release zips hold matsim-2025.0.jar and a libs folder).`,
  noLibs: (name: string, jar: string) => `${name} is not a complete MATSim release: ${jar} is there, but the libs folder with its libraries is missing.`,
  twoJars: (name: string) => `${name} holds more than one matsim-{version}.jar; upload one release per zip.`,
  exists: (version: string) => `MATSim ${version} is already on the server. Delete it first to replace it.`,
  inUse: (version: string, templates: string[]) =>
    `MATSim ${version} is used by the job template${templates.length === 1 ? '' : 's'} ${templates.map((t) => `"${t}"`).join(', ')}. Change ${templates.length === 1 ? 'it' : 'them'} to another release or delete ${templates.length === 1 ? 'it' : 'them'} first.`,
  notOnServer: (version: string) => `MATSim ${version} is not on the server.`,
  downloading: (version: string) => `MATSim ${version} is being downloaded; wait until it has finished.`,
} as const;
