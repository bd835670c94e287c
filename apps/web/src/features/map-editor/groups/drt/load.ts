/** A DRT file's items (the server's `DrtData`) as the graph's base entities of their kind. */
import type { GraphEntity } from '@corridor/changesets';
import type { DrtData } from '@corridor/contract';
import { areaEntity } from './read.ts';

export function drtDataEntities(data: DrtData): readonly GraphEntity[] {
  switch (data.kind) {
    case 'vehicles':
      return data.vehicles;
    case 'stops':
      return data.stops;
    case 'serviceArea':
      return data.areas.map(areaEntity);
  }
}
