export * from './model.ts';
export { readNetwork, streamNetwork, type NetworkCallbacks, type NetworkInfo } from './reader.ts';
export { writeNetwork, type WriteNetworkOptions } from './writer.ts';
