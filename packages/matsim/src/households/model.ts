/** MATSim households (`households_v1.0.xsd`): who lives together, which vehicles they own, their income. */
import type { Attributes } from '../common/attributes.ts';

export interface Households {
  /** Insertion-ordered as in the file. */
  households: Map<string, Household>;
}

export interface Household {
  id: string;
  /** Person ids, in file order. */
  members: string[];
  /** Vehicle ids (`vehicleDefinitionId`), in file order. */
  vehicles: string[];
  income?: Income;
  attributes?: Attributes;
}

export type IncomePeriod = 'year' | 'month' | 'week' | 'day' | 'hour' | 'second';

export interface Income {
  value: number;
  period: IncomePeriod;
  currency?: string;
}

export function emptyHouseholds(): Households {
  return { households: new Map() };
}
