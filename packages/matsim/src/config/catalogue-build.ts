/**
 * Builds the config catalogue (module → param → description and default) from what MATSim writes into a run's
 * output folder: `output_config.xml` holds every param of every module MATSim loaded, each documented param preceded
 * by its comment; `output_config_reduced.xml` holds only the params whose value differs from MATSim's default (MATSim
 * writes it by comparing against a freshly created config). Pure; `packages/matsim/scripts/config-catalogue.ts` reads
 * the files and writes `catalogue.generated.ts`, and a test checks that file is what this builds.
 *
 * Defaults (docs/decisions.md, "Issue 25 — config catalogue"):
 * 1. A param the full config has and the reduced one does not has its default value in the full config. For
 *    parametersets, sets are matched by type and position; a set param's default is taken only when every set of
 *    that type in the run agrees (an activity's interaction sets differ from a fresh set: no type-wide default then).
 *    The newest MATSim build that gives a default wins (defaults change between releases).
 * 2. Otherwise the default MATSim's comment names (`Default=1000.`, `Default: true`, `Defaults to 60.`).
 */
import { canonicalModuleName, canonicalParamName } from './aliases.ts';
import type { ConfigCatalogue, ModuleDoc, ParamDoc } from './catalogue-types.ts';
import type { Config, ConfigEntry, ConfigParameterSet } from './model.ts';
import { parseConfigText } from './parse.ts';

/** One MATSim run's configs, as read from its output folder. */
export interface CatalogueSource {
  /** The output folder's name, for messages. */
  name: string;
  /** When the MATSim build was made (`MATSim-Build: r… (2024-04-13 15:48:32)` in logfile.log): newer runs win. */
  built: string;
  /** output_config.xml */
  full: string;
  /** output_config_reduced.xml, when the folder has it. */
  reduced?: string;
}

interface Collected {
  description?: string;
  derived?: string;
  /** Candidates of the current run (sets: one per set of the type). */
  candidates?: string[];
}

type Key = string;
/** `module` + NUL + (set type or '') + NUL + param. */
const key = (module: string, set: string | undefined, param: string): Key => `${module}\u0000${set ?? ''}\u0000${param}`;

/** MATSim's comment as one line. */
export function normalizeDescription(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The default a comment names: `Default=1000.`, `Default: true`, `Default:1800.0;`, `Defaults to 60.`, `default: 1.` */
export function describedDefault(description: string): string | undefined {
  const match = /\bdefault(?:s to| is|:|=)\s*['"`]?([^\s,;'"`()[\]]+)/i.exec(description);
  if (!match) return undefined;
  // A sentence's full stop is not part of the value (`Default is 1.`, `Default: 1.0.`).
  const value = match[1]!.replace(/\.$/, '');
  return value === '' ? undefined : value;
}

/** Every param of every parameterset in `entries`, with the set's type and its position among sets of that type. */
function walkSets(entries: readonly ConfigEntry[], visit: (set: ConfigParameterSet, index: number) => void, counts = new Map<string, number>()): void {
  for (const entry of entries) {
    if (entry.kind !== 'parameterset') continue;
    const index = counts.get(entry.type) ?? 0;
    counts.set(entry.type, index + 1);
    visit(entry, index);
    walkSets(entry.entries, visit, counts);
  }
}

/** The params of `entries` (not of nested sets), each with the comment directly above it. */
function paramsWithComments(entries: readonly ConfigEntry[]): { name: string; value: string; comment?: string }[] {
  const out: { name: string; value: string; comment?: string }[] = [];
  let comments: string[] = [];
  for (const entry of entries) {
    if (entry.kind === 'comment') comments.push(entry.text);
    else if (entry.kind === 'param') {
      const comment = comments.length > 0 ? normalizeDescription(comments.join(' ')) : undefined;
      out.push({ name: entry.name, value: entry.value, ...(comment ? { comment } : {}) });
      comments = [];
    } else comments = [];
  }
  return out;
}

/** Module (canonical) → entries of all its blocks. */
function modulesOf(config: Config): Map<string, ConfigEntry[]> {
  const modules = new Map<string, ConfigEntry[]>();
  for (const module of config.modules) {
    const name = canonicalModuleName(module.name);
    modules.set(name, [...(modules.get(name) ?? []), ...module.entries]);
  }
  return modules;
}

/** Sets of a module by type, in file order. */
function setsByType(entries: readonly ConfigEntry[]): Map<string, ConfigParameterSet[]> {
  const sets = new Map<string, ConfigParameterSet[]>();
  walkSets(entries, (set) => sets.set(set.type, [...(sets.get(set.type) ?? []), set]));
  return sets;
}

export function buildCatalogue(sources: readonly CatalogueSource[]): ConfigCatalogue {
  const collected = new Map<Key, Collected>();
  const ordered = [...sources].sort((a, b) => a.built.localeCompare(b.built) || a.name.localeCompare(b.name));
  for (const source of ordered) {
    const full = modulesOf(parseConfigText(source.full));
    const reduced = source.reduced === undefined ? undefined : modulesOf(parseConfigText(source.reduced));
    const thisRun = new Set<Key>();
    const note = (k: Key, comment: string | undefined, candidate: string | undefined) => {
      const entry = collected.get(k) ?? {};
      if (comment) entry.description = comment;
      if (!thisRun.has(k)) entry.candidates = [];
      if (candidate !== undefined) entry.candidates!.push(candidate);
      thisRun.add(k);
      collected.set(k, entry);
    };
    for (const [module, entries] of full) {
      const reducedEntries = reduced?.get(module) ?? [];
      const reducedParams = new Set(reducedEntries.flatMap((entry) => (entry.kind === 'param' ? [canonicalParamName(module, entry.name)] : [])));
      for (const param of paramsWithComments(entries)) {
        const name = canonicalParamName(module, param.name);
        note(key(module, undefined, name), param.comment, reduced && !reducedParams.has(name) ? param.value : undefined);
      }
      const reducedSets = setsByType(reducedEntries);
      for (const [type, sets] of setsByType(entries)) {
        const counterparts = reducedSets.get(type) ?? [];
        // Sets are matched by position; a reduced config without the module's sets at all had all of them default.
        const comparable = reduced !== undefined && (counterparts.length === sets.length || !reduced.has(module));
        sets.forEach((set, index) => {
          const reducedSet = counterparts[index];
          const changed = new Set(reducedSet ? paramsWithComments(reducedSet.entries).map((param) => param.name) : []);
          for (const param of paramsWithComments(set.entries)) {
            note(key(module, type, param.name), param.comment, comparable && !changed.has(param.name) ? param.value : undefined);
          }
        });
      }
    }
    // The run's candidates become the derived default when they agree; a newer run's replaces an older run's.
    for (const k of thisRun) {
      const entry = collected.get(k)!;
      const candidates = entry.candidates ?? [];
      if (candidates.length > 0 && candidates.every((value) => value === candidates[0])) entry.derived = candidates[0];
      delete entry.candidates;
    }
  }

  const catalogue: Record<string, { params: Record<string, ParamDoc>; sets: Record<string, Record<string, ParamDoc>> }> = {};
  for (const [k, entry] of [...collected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [module, set, param] = k.split('\u0000') as [string, string, string];
    const doc: ParamDoc = {};
    if (entry.description) doc.description = entry.description;
    const fallback = entry.description ? describedDefault(entry.description) : undefined;
    const value = entry.derived ?? fallback;
    if (value !== undefined) doc.default = value;
    const target = (catalogue[module] ??= { params: {}, sets: {} });
    if (set === '') target.params[param] = doc;
    else (target.sets[set] ??= {})[param] = doc;
  }
  return catalogue;
}

/** The TypeScript module the script writes (and the test compares): stable, sorted, one param per line. */
export function catalogueModuleText(catalogue: ConfigCatalogue, sources: readonly string[]): string {
  const lines = [
    '/**',
    ' * GENERATED by packages/matsim/scripts/config-catalogue.ts from MATSim output folders — do not edit; run',
    ' * `npm run catalogue -w packages/matsim` instead. Sources:',
    ...sources.map((source) => ` * - ${source}`),
    ' */',
    "import type { ConfigCatalogue } from './catalogue-types.ts';",
    '',
    'export const CONFIG_CATALOGUE: ConfigCatalogue = {',
  ];
  const params = (record: Readonly<Record<string, ParamDoc>>, indent: string) => {
    for (const [name, doc] of Object.entries(record)) lines.push(`${indent}${JSON.stringify(name)}: ${JSON.stringify(doc)},`);
  };
  for (const [module, doc] of Object.entries(catalogue) as [string, ModuleDoc][]) {
    lines.push(`  ${JSON.stringify(module)}: {`, '    params: {');
    params(doc.params, '      ');
    lines.push('    },', '    sets: {');
    for (const [type, set] of Object.entries(doc.sets)) {
      lines.push(`      ${JSON.stringify(type)}: {`);
      params(set, '        ');
      lines.push('      },');
    }
    lines.push('    },', '  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}
