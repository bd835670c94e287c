/**
 * What MATSim documents of its config modules, built from the comments MATSim writes into output_config.xml
 * (`catalogue.generated.ts`, written by packages/matsim/scripts/config-catalogue.ts): per module, each param's
 * description and default, and the params of the module's parametersets by type. Lookups take any module name
 * (`controler` finds `controller`) and old scoring param spellings (`BrainExpBeta`).
 */
import { canonicalModuleName, canonicalParamName } from './aliases.ts';
import type { ModuleDoc, ParamDoc } from './catalogue-types.ts';
import { CONFIG_CATALOGUE } from './catalogue.generated.ts';

export type { ConfigCatalogue, ModuleDoc, ParamDoc } from './catalogue-types.ts';
export { CONFIG_CATALOGUE };

/** The module's documentation, or undefined for a module MATSim's output configs do not have (contribs). */
export function moduleDoc(module: string): ModuleDoc | undefined {
  const canonical = canonicalModuleName(module);
  return Object.hasOwn(CONFIG_CATALOGUE, canonical) ? CONFIG_CATALOGUE[canonical] : undefined;
}

/**
 * A module-level param's documentation, or one of a parameterset of the module (`set`: its type). Scoring's
 * module-level `performing`, `lateArrival`, … are those of its default scoringParameters set (MATSim reads both).
 */
export function paramDoc(module: string, param: string, set?: string): ParamDoc | undefined {
  const doc = moduleDoc(module);
  if (!doc) return undefined;
  const params = set === undefined ? doc.params : doc.sets[set];
  const name = set === undefined ? canonicalParamName(module, param) : param;
  if (params && Object.hasOwn(params, name)) return params[name];
  return set === undefined && canonicalModuleName(module) === 'scoring' ? paramDoc(module, param, 'scoringParameters') : undefined;
}
