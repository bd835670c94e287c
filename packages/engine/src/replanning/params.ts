/**
 * The replanning part of the config, read once: strategies (parametersets and the old `Module_N` syntax alike,
 * through @corridor/matsim), plan memory, innovation switch-off and the modules the innovative strategies read.
 * Defaults are MATSim's (matsim-facts §2).
 */
import { getParam, parseMatsimNumber, parseTime, strategySettings, type Config } from '@corridor/matsim';
import type { ReplanningParams } from '../core/types.ts';

/** ReplanningParams plus the TimeAllocationMutator values the contract leaves out (a compatible extension). */
export interface ReplanningSettings extends ReplanningParams {
  /** timeAllocationMutator.latestActivityEndTime, seconds (24:00:00). */
  latestActivityEndTime: number;
  /** timeAllocationMutator.mutationRangeStep, seconds (1). */
  mutationRangeStep: number;
}

export function replanningParamsFromConfig(config: Config): ReplanningSettings {
  const number = (module: string, name: string, fallback: number) => {
    const text = getParam(config, module, name);
    if (text === undefined || text.trim() === '' || text === 'null') return fallback;
    const value = parseMatsimNumber(text);
    return Number.isNaN(value) ? fallback : value;
  };
  const time = (module: string, name: string, fallback: number) => {
    const text = getParam(config, module, name);
    if (text === undefined || text.trim() === '' || text === 'null') return fallback;
    // mutationRange is usually written in seconds ("1800.0"), but a time text ("00:30:00") is accepted too.
    const seconds = text.includes(':') ? parseTime(text) : parseMatsimNumber(text);
    return seconds === undefined || Number.isNaN(seconds) ? fallback : seconds;
  };
  const list = (module: string, name: string, fallback: string[]) => {
    const text = getParam(config, module, name);
    if (text === undefined) return fallback;
    return text.split(',').map((mode) => mode.trim()).filter((mode) => mode !== '');
  };
  const bool = (module: string, name: string, fallback: boolean) => {
    const text = getParam(config, module, name)?.trim().toLowerCase();
    return text === undefined || text === '' ? fallback : text === 'true';
  };

  return {
    maxAgentPlanMemorySize: number('replanning', 'maxAgentPlanMemorySize', 5),
    fractionOfIterationsToDisableInnovation: number('replanning', 'fractionOfIterationsToDisableInnovation', Infinity),
    strategies: strategySettings(config).map((setting) => ({
      strategyName: setting.strategyName,
      weight: setting.weight,
      disableAfterIteration: setting.disableAfterIteration,
      subpopulation: setting.subpopulation,
    })),
    mutationRange: time('timeAllocationMutator', 'mutationRange', 1800),
    mutationAffectsDuration: bool('timeAllocationMutator', 'mutationAffectsDuration', true),
    latestActivityEndTime: time('timeAllocationMutator', 'latestActivityEndTime', 24 * 3600),
    mutationRangeStep: time('timeAllocationMutator', 'mutationRangeStep', 1),
    subtourModes: list('subtourModeChoice', 'modes', ['car', 'pt', 'bike', 'walk']),
    chainBasedModes: list('subtourModeChoice', 'chainBasedModes', ['car', 'bike']),
    changeModeModes: list('changeMode', 'modes', ['car', 'pt']),
  };
}
