export * from './model.ts';
export { readFacilities } from './reader.ts';
export { writeFacilities, type WriteFacilitiesOptions } from './writer.ts';
