/**
 * The README's tables of config modules and params, rendered from MODULE_RULES and PARAM_RULES. The README keeps
 * the rendered text between `<!-- config-support:start -->` and `<!-- config-support:end -->`; a test keeps both equal.
 */
import { MODULE_RULES, type ModuleRule } from './config-modules.ts';
import { PARAM_RULES } from './param-rules.ts';

export const SUPPORT_TABLE_START = '<!-- config-support:start -->';
export const SUPPORT_TABLE_END = '<!-- config-support:end -->';

function decisionCell(rule: ModuleRule): string {
  if (rule.decision !== 'refused' || rule.when === undefined) return rule.decision;
  return rule.when.is === 'true' ? `refused when \`${rule.when.param}=true\`` : `refused when \`${rule.when.param}\` is set`;
}

export function supportTableMarkdown(): string {
  const modules = MODULE_RULES.map((rule) => `| \`${rule.module}\` | ${decisionCell(rule)} | ${rule.reason} |`);
  const params = PARAM_RULES.map((rule) => {
    const accepted = [...rule.accepted.map((value) => `\`${value}\``), ...(rule.sameAsGlobalCrs ? ['global.coordinateSystem'] : [])];
    return `| \`${rule.module}.${rule.param}\` | ${['unset', ...accepted].join(', ')} | ${rule.reason} |`;
  });
  return [
    SUPPORT_TABLE_START,
    '| module | decision | what the engine reads, lacks, or why ignoring it is harmless |',
    '|---|---|---|',
    ...modules,
    '',
    'Params of these modules that refuse the run unless they have one of the listed values:',
    '',
    '| param | the engine runs with | what another value means in MATSim |',
    '|---|---|---|',
    ...params,
    SUPPORT_TABLE_END,
  ].join('\n');
}
