export type { Household, Households, Income, IncomePeriod } from './model.ts';
export { emptyHouseholds } from './model.ts';
export { readHouseholds } from './reader.ts';
export { writeHouseholds } from './writer.ts';
