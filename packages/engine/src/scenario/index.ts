export { readEngineConfig } from './config.ts';
export { unsupportedFeatures } from './unsupported.ts';
export { buildSimNetwork } from './network.ts';
export { loadScenario, applyOverrides, type Scenario } from './load.ts';
