/**
 * Builds a run's vehicle data (`@corridor/trajectories`) from its events in one streaming pass. Runs in a worker
 * thread (`workers/tasks.ts`, bounded by `limits.ts`): the events are parsed chunk by chunk and the segments go to
 * `segmentsPath` as the builder hands them out, so memory stays flat whatever the size of the events file; what
 * the worker keeps is per vehicle (ids, modes) and the sparse hourly volumes.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { forEachEvent, type Input } from '@corridor/matsim';
import { createVehicleDataBuilder, VEHICLE_EVENT_TYPES, type BuiltVehicleData } from '@corridor/trajectories';

export interface VehicleDataArgs {
  maxBytes: number;
  /** The network binary's link ids (a segment's link index is a position in these). */
  linkIds: string[];
  /** Where the segments are written (the blob store's file for `vehicles/segments.bin`). */
  segmentsPath: string;
}

export async function buildVehicleData(input: Input, args: VehicleDataArgs): Promise<BuiltVehicleData> {
  const fd = openSync(args.segmentsPath, 'w');
  try {
    const write = (chunk: Uint8Array) => {
      for (let done = 0; done < chunk.length; ) done += writeSync(fd, chunk, done, chunk.length - done);
    };
    const builder = createVehicleDataBuilder({ linkIds: args.linkIds }, { segments: write });
    await forEachEvent(input, (event) => builder.event(event), { types: VEHICLE_EVENT_TYPES, maxBytes: args.maxBytes });
    return builder.finish();
  } finally {
    closeSync(fd);
  }
}
