/**
 * Files by role, shared by the schedule-run page and Export Scenario: which files are of a role's kind (by their
 * sniffed data-type tag), the first choice per role — the file the config names when it names one (issue 24) —
 * and the options of a file select.
 */
import { type FileEntry, REQUIRED_FILE_ROLES, SINGLE_FILE_ROLES, type SingleFileRole } from '@corridor/contract';

/** Roles that take one file; `input` takes any number (additional input files). */
export const SINGLE_ROLES = SINGLE_FILE_ROLES;
export type SingleRole = SingleFileRole;

type RoleFile = Pick<FileEntry, 'tag' | 'name'>;

/** Data-type tag prefixes per role (spec 1 §3 tag families); `jar` goes by the file name. */
const ROLE_TAGS: Record<Exclude<SingleRole, 'jar'>, string[]> = {
  config: ['config_v'],
  network: ['network_v'],
  population: ['population_v', 'plans_v'],
  facilities: ['facilities_v'],
  transitschedule: ['transitSchedule_v'],
  transitvehicles: ['vehicleDefinitions_v'],
  vehicles: ['vehicleDefinitions_v'],
};

/** Whether the file is of the kind the role takes: a config for Config, a network for Network, … */
export function fileFitsRole(file: RoleFile, role: SingleRole): boolean {
  if (role === 'jar') return /\.jar$/i.test(file.name);
  const tag = file.tag ?? '';
  return ROLE_TAGS[role].some((prefix) => tag.startsWith(prefix));
}

/**
 * The role a file's tag suggests when no config says otherwise; vehicle definitions go to transitvehicles when the
 * name says "transit" (a config's `transit.vehiclesFile` decides where it names one: see preselectFiles).
 */
export function roleOfFile(file: RoleFile): SingleRole | null {
  const tag = file.tag ?? '';
  if (tag.startsWith('vehicleDefinitions_v')) return /transit/i.test(file.name) ? 'transitvehicles' : 'vehicles';
  return (Object.keys(ROLE_TAGS) as (keyof typeof ROLE_TAGS)[]).find((role) => ROLE_TAGS[role].some((prefix) => tag.startsWith(prefix))) ?? null;
}

/** A path's or URL's last part without `.gz`: "../input/plans.xml.gz" → "plans.xml". */
function bareName(name: string): string {
  return (name.split(/[/\\]/).pop() ?? name).replace(/\.gz$/i, '');
}

/** Whether a scenario file is the one a config value names: same file name, ignoring the path and a `.gz`. */
export function sameFileName(fileName: string, configValue: string): boolean {
  return bareName(fileName) === bareName(configValue);
}

/** The scenario file a config value names, preferring the exact name over the one that differs by `.gz`. */
export function fileNamed<F extends Pick<FileEntry, 'name'>>(files: readonly F[], configValue: string): F | undefined {
  const last = configValue.split(/[/\\]/).pop() ?? configValue;
  return files.find((file) => file.name === last) ?? files.find((file) => sameFileName(file.name, configValue));
}

/** The file names a config gives per role (`network.inputNetworkFile`, …); null: no config was read. */
export type ConfigRoleNames = Partial<Record<SingleRole, string>> | null;

const byName = <F extends Pick<FileEntry, 'name'>>(files: readonly F[]) => [...files].sort((a, b) => a.name.localeCompare(b.name));

/**
 * Each role's first choice (file ids as the selects hold them). With a config read (`named` not null): the file it
 * names for the role, among the files of the role's kind; a required role the config names nothing for (or a file
 * that is not there) falls back to the first fitting file by name, an optional one stays empty — MATSim would not
 * read one. Without a config: the first file (by name) whose tag suggests the role.
 */
export function preselectFiles(files: readonly FileEntry[], named: ConfigRoleNames = null): Record<SingleRole, string | null> {
  const sorted = byName(files);
  const chosen = Object.fromEntries(SINGLE_ROLES.map((role) => [role, null])) as Record<SingleRole, string | null>;
  for (const role of SINGLE_ROLES) {
    const bySuggestion = sorted.find((file) => roleOfFile(file) === role);
    if (named === null) {
      chosen[role] = bySuggestion ? String(bySuggestion.id) : null;
      continue;
    }
    const value = named[role];
    const match = value ? fileNamed(sorted.filter((file) => fileFitsRole(file, role)), value) : undefined;
    const fallback = REQUIRED_FILE_ROLES.includes(role) ? bySuggestion : undefined;
    const pick = match ?? fallback;
    chosen[role] = pick ? String(pick.id) : null;
  }
  return chosen;
}

/** A file select's option: the name, the tag beside it. */
function option(file: Pick<FileEntry, 'id' | 'name' | 'tag'>) {
  return { value: String(file.id), label: file.tag ? `${file.name} (${file.tag})` : file.name };
}

/** The options of a file select (additional input files take any file): by name, the tag beside the name. */
export function fileOptions(files: readonly Pick<FileEntry, 'id' | 'name' | 'tag'>[]): { value: string; label: string }[] {
  return byName(files).map(option);
}

/** The options of one role's select: the files of its kind only, plus the one already chosen should it not fit. */
export function roleFileOptions(files: readonly Pick<FileEntry, 'id' | 'name' | 'tag'>[], role: SingleRole, selected: string | null = null): { value: string; label: string }[] {
  return byName(files)
    .filter((file) => fileFitsRole(file, role) || String(file.id) === selected)
    .map(option);
}
