/**
 * Modes a plan can use that the engine cannot route: neither a network mode (routing.networkModes) nor teleported
 * (routing's teleportedModeParameters or MATSim's defaults). DVRP modes such as `taxi` or `drt` come from Java
 * modules; a config names them in qsim.mainMode or a population uses them. The config's modes are checked before
 * anything is read, each person's legs as the population streams in (the first such leg stops the reading).
 * Modes only named in scoring are not checked: MATSim's own output configs carry modeParams for `other`.
 */
import { unknownParamsRefusal, type Person, type UnknownConfigParam } from '@corridor/matsim';
import type { EngineConfig } from '../core/types.ts';

type Routing = Pick<EngineConfig, 'networkModes' | 'teleported'>;

const MODE_CHOICE = new Set(['ChangeTripMode', 'ChangeLegMode', 'ChangeSingleTripMode', 'ChangeSingleLegMode']);

const routable = (config: Routing, mode: string) => config.networkModes.includes(mode) || config.teleported.has(mode);

/** Modes from qsim.mainMode and the mode lists of the configured mode-choice strategies, each with where it is named. */
export function unroutableConfigModes(config: EngineConfig): string[] {
  const strategies = new Set(config.replanning.strategies.map((s) => s.strategyName));
  const sources: [string, string[]][] = [['qsim.mainMode', config.qsim.mainModes]];
  if ([...strategies].some((name) => MODE_CHOICE.has(name))) sources.push(['changeMode.modes', config.replanning.changeModeModes]);
  if (strategies.has('SubtourModeChoice')) sources.push(['subtourModeChoice.modes', config.replanning.subtourModes]);
  const problems: string[] = [];
  for (const [where, modes] of sources) {
    for (const mode of modes) if (!routable(config, mode)) problems.push(unroutable(mode, `in ${where}`));
  }
  return problems;
}

/** Throws the engine's refusal at the first leg of this person whose mode the engine cannot route. */
export function refuseUnroutableLegs(person: Person, config: Routing): void {
  for (const plan of person.plans) {
    for (const element of plan.elements) {
      if (element.kind === 'leg' && !routable(config, element.mode)) {
        throw new UnsupportedScenarioError([unroutable(element.mode, `in the plans (person ${person.id})`)]);
      }
    }
  }
}

function unroutable(mode: string, where: string): string {
  return `mode ${mode} ${where}, which has neither network routing (routing.networkModes) nor teleportation (teleportedModeParameters); such modes come from Java modules`;
}

/** Params MATSim's core modules do not know: MATSim stops at start-up on them, and so does the engine. */
export class UnknownConfigParamsError extends Error {
  constructor(readonly unknown: readonly UnknownConfigParam[]) {
    super(unknownParamsRefusal(unknown));
    this.name = 'UnknownConfigParamsError';
  }
}

/** The engine's refusal: everything it lacks, and the way out. */

export class UnsupportedScenarioError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The built-in engine does not support: ${problems.join('; ')}. Run this scenario with a MATSim job template (a MATSim release jar) instead.`);
    this.name = 'UnsupportedScenarioError';
  }
}
