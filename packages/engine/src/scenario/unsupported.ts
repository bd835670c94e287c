/**
 * What the built-in engine cannot simulate. The controler refuses to start with any of these (naming them and
 * suggesting a MATSim job) rather than silently running something else than MATSim would.
 */
import { getParam, modulesNamed, strategySettings, type Config } from '@corridor/matsim';
import { isInnovative } from '../replanning/replan.ts';
import { SELECTORS } from '../replanning/selectors.ts';

/** Modules whose mere presence means a contrib the engine lacks (DVRP, DRT, taxi, EV, freight, signals…). */
const CONTRIB_MODULES = ['dvrp', 'multiModeDrt', 'drt', 'taxi', 'multiModeTaxi', 'ev', 'freight', 'freightCarriers', 'signalsystems', 'emissions', 'parking', 'minibus'];

export function unsupportedFeatures(config: Config): string[] {
  const found: string[] = [];
  const value = (module: string, name: string) => getParam(config, module, name)?.trim();
  const is = (module: string, name: string, expected: string) => value(module, name)?.toLowerCase() === expected.toLowerCase();
  const isNot = (module: string, name: string, expected: string) => {
    const v = value(module, name);
    return v !== undefined && v !== '' && v.toLowerCase() !== expected.toLowerCase();
  };

  if (is('transit', 'useTransit', 'true')) found.push('public transport (transit.useTransit=true)');
  for (const name of CONTRIB_MODULES) if (modulesNamed(config, name).length > 0) found.push(`the ${name} module`);
  if (isNot('controller', 'mobsim', 'qsim')) found.push(`mobsim ${value('controller', 'mobsim')} (only qsim)`);
  if (is('qsim', 'useLanes', 'true')) found.push('lanes (qsim.useLanes=true)');
  if (is('network', 'timeVariantNetwork', 'true')) found.push('time-variant networks (network.timeVariantNetwork=true)');
  if (isNot('qsim', 'trafficDynamics', 'queue')) found.push(`qsim.trafficDynamics=${value('qsim', 'trafficDynamics')} (only queue)`);
  if (isNot('qsim', 'linkDynamics', 'FIFO')) found.push(`qsim.linkDynamics=${value('qsim', 'linkDynamics')} (only FIFO)`);
  if (isNot('qsim', 'vehiclesSource', 'defaultVehicle')) found.push(`qsim.vehiclesSource=${value('qsim', 'vehiclesSource')} (only defaultVehicle)`);
  const step = value('qsim', 'timeStepSize');
  if (step !== undefined && !['1', '1.0', '00:00:01'].includes(step)) found.push(`qsim.timeStepSize=${step} (only 1 s)`);
  if (isNot('plans', 'activityDurationInterpretation', 'tryEndTimeThenDuration')) {
    found.push(`plans.activityDurationInterpretation=${value('plans', 'activityDurationInterpretation')} (only tryEndTimeThenDuration)`);
  }
  const strategies = new Set(strategySettings(config).map((s) => s.strategyName));
  for (const name of strategies) if (!(name in SELECTORS) && !isInnovative(name)) found.push(`replanning strategy ${name}`);
  return found;
}
