/**
 * What the built-in engine cannot simulate. The controler refuses to start with any of these (naming them and
 * suggesting a MATSim job) rather than silently running something else than MATSim would. The decisions are data:
 * MODULE_RULES (every module) and PARAM_RULES (params of the modules read); this file only applies them.
 */
import { canonicalModuleName, getParam, modulesNamed, parseMatsimNumber, parseTime, strategySettings, type Config } from '@corridor/matsim';
import { isInnovative } from '../replanning/replan.ts';
import { SELECTORS } from '../replanning/selectors.ts';
import { present } from './config.ts';
import { moduleRule, type ModuleRule } from './config-modules.ts';
import { PARAM_RULES, type ParamRule } from './param-rules.ts';

/** The problems in the order modules appear in the file, then params in table order, then strategies. */
export function unsupportedFeatures(config: Config): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const module of config.modules) {
    const name = canonicalModuleName(module.name);
    if (seen.has(name)) continue;
    seen.add(name);
    const problem = moduleProblem(config, name, moduleRule(name));
    if (problem !== undefined) found.push(problem);
  }
  for (const rule of PARAM_RULES) {
    const problem = paramProblem(config, rule);
    if (problem !== undefined) found.push(problem);
  }
  const strategies = new Set(strategySettings(config).map((s) => s.strategyName));
  for (const name of strategies) if (!(name in SELECTORS) && !isInnovative(name)) found.push(`replanning strategy ${name}`);
  return found;
}

function moduleProblem(config: Config, name: string, rule: ModuleRule | undefined): string | undefined {
  if (rule === undefined) {
    const empty = modulesNamed(config, name).every((module) => module.entries.every((entry) => entry.kind === 'comment'));
    return empty ? undefined : `the ${name} module (unknown to the engine, probably a contrib)`;
  }
  if (rule.decision !== 'refused') return undefined;
  if (rule.when === undefined) return `the ${name} module (${rule.reason})`;
  const value = present(getParam(config, name, rule.when.param));
  const on = rule.when.is === 'set' ? value !== undefined : value?.toLowerCase() === 'true';
  return on ? `${rule.reason} (${name}.${rule.when.param}=${value})` : undefined;
}

function paramProblem(config: Config, rule: ParamRule): string | undefined {
  const value = present(getParam(config, rule.module, rule.param));
  if (value === undefined) return undefined;
  if (rule.accepted.some((accepted) => sameValue(value, accepted))) return undefined;
  if (rule.sameAsGlobalCrs && value === present(getParam(config, 'global', 'coordinateSystem'))) return undefined;
  const only = rule.accepted.length === 0 ? 'unset' : rule.accepted.join(' or ');
  return `${rule.module}.${rule.param}=${value} (${rule.reason}; the engine runs only with ${only})`;
}

function sameValue(value: string, accepted: string): boolean {
  const a = asNumber(value);
  const b = asNumber(accepted);
  if (a !== undefined && b !== undefined) return a === b;
  return value.toLowerCase() === accepted.toLowerCase();
}

/** `1`, `1.0` and `00:00:01` are all one second. */
function asNumber(text: string): number | undefined {
  const parsed = text.includes(':') ? parseTime(text) : parseMatsimNumber(text);
  return parsed === undefined || parsed === null || Number.isNaN(parsed) ? undefined : parsed;
}
