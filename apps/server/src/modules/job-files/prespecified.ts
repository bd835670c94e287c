/**
 * The prespecified files (spec 3 §2.14, §3): files the server knows by a key and can copy into the file store as
 * job files. Today these are the MATSim releases of spec 3 §9, as the setup wizard downloads them into
 * `DATA_DIR/engines/matsim-{version}.zip` (modules/engine-setup). Pure: keys, names and paths only.
 */
import path from 'node:path';
import { MATSIM_RELEASES } from '@corridor/contract';

export interface PrespecifiedEntry {
  key: string;
  name: string;
  /** Where the server holds the file (it may not exist yet). */
  path: string;
}

export const releaseKey = (version: string) => `matsim-${version}`;

export function prespecifiedCatalogue(dataDir: string): PrespecifiedEntry[] {
  return MATSIM_RELEASES.map((version) => ({
    key: releaseKey(version),
    name: `matsim-${version}.zip`,
    path: path.join(dataDir, 'engines', `matsim-${version}.zip`),
  }));
}

export const prespecifiedUnknown = (key: string) => `There is no prespecified file "${key}".`;
export const prespecifiedMissing = (name: string) =>
  `${name} is not on the server yet: download or upload that MATSim release under Settings > MATSim Releases first.`;
