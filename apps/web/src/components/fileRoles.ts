/**
 * Files by role, shared by the schedule-run page and Export Scenario: which role a file's data-type tag suggests,
 * the first choice per role, and the options of a file select.
 */
import { type FileEntry, SINGLE_FILE_ROLES, type SingleFileRole } from '@corridor/contract';

/** Roles that take one file; `input` takes any number (additional input files). */
export const SINGLE_ROLES = SINGLE_FILE_ROLES;
export type SingleRole = SingleFileRole;

/** Data-type tag prefixes per role (spec 1 §3 tag families). */
const TAG_ROLES: { prefixes: string[]; role: SingleRole }[] = [
  { prefixes: ['config_v'], role: 'config' },
  { prefixes: ['network_v'], role: 'network' },
  { prefixes: ['population_v', 'plans_v'], role: 'population' },
  { prefixes: ['facilities_v'], role: 'facilities' },
  { prefixes: ['transitSchedule_v'], role: 'transitschedule' },
];

/** The role a file's tag suggests; vehicle definitions go to transitvehicles when the name says "transit". */
export function roleOfFile(file: Pick<FileEntry, 'tag' | 'name'>): SingleRole | null {
  const tag = file.tag ?? '';
  if (tag.startsWith('vehicleDefinitions_v')) return /transit/i.test(file.name) ? 'transitvehicles' : 'vehicles';
  return TAG_ROLES.find((entry) => entry.prefixes.some((prefix) => tag.startsWith(prefix)))?.role ?? null;
}

/** Each role gets the first file (by name) whose tag fits; file ids as the selects hold them. */
export function preselectFiles(files: readonly FileEntry[]): Record<SingleRole, string | null> {
  const chosen = Object.fromEntries(SINGLE_ROLES.map((role) => [role, null])) as Record<SingleRole, string | null>;
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    const role = roleOfFile(file);
    if (role && chosen[role] === null) chosen[role] = String(file.id);
  }
  return chosen;
}

/** The options of a file select: by name, the tag beside the name. */
export function fileOptions(files: readonly Pick<FileEntry, 'id' | 'name' | 'tag'>[]): { value: string; label: string }[] {
  return [...files]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((file) => ({ value: String(file.id), label: file.tag ? `${file.name} (${file.tag})` : file.name }));
}
