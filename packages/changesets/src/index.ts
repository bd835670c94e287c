export * from './constants.ts';
export * from './flags.ts';
export * from './history.ts';
export * from './network/model.ts';
export * from './network/builders.ts';
export { applyNetwork, disabledNetwork, ModificationError } from './network/apply.ts';
export { isNetworkModification, replayNetwork, replayNetworkSkipping } from './replay.ts';
export { currentNetwork } from './view.ts';
export { REFUSAL_CODES, refusalText, type Refusal, type RefusalCode } from './refusal.ts';
