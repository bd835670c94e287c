export { readEngineConfig } from './config.ts';
export { unsupportedFeatures } from './unsupported.ts';
export { buildSimNetwork } from './network.ts';
export { loadScenario, applyOverrides, type Scenario } from './load.ts';
export { assignLinks } from './xy2links.ts';
