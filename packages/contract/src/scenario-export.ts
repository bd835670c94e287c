/**
 * Export Scenario (spec 1 §2.12, issue 13): `POST /datasets/datasets/{id}/export` answers a zip of MATSim-ready
 * inputs — the chosen files, the network with the chosen changesets applied in order, and the config with its
 * file params pointing at the files in the zip. Nothing on the server is changed or stored.
 */
import { z } from 'zod';
import { RowId } from './integers.ts';
import type { FileRole } from './jobs.ts';

/** Roles that take one file (all but `input`, the additional input files), in the order pages show them. */
export const SINGLE_FILE_ROLES = ['config', 'network', 'population', 'facilities', 'transitschedule', 'transitvehicles', 'vehicles', 'jar'] as const satisfies readonly FileRole[];
export type SingleFileRole = (typeof SINGLE_FILE_ROLES)[number];

/** An export needs a config (it is rewritten) and a network (the changesets apply to it). */
export const EXPORT_REQUIRED_ROLES = ['config', 'network'] as const satisfies readonly SingleFileRole[];

/** Bounds on one request: more files or changesets than a scenario sensibly has. */
export const EXPORT_MAX_INPUTS = 200;
export const EXPORT_MAX_CHANGESETS = 200;

export const ExportFiles = z.object({
  config: RowId,
  network: RowId,
  population: RowId.optional(),
  facilities: RowId.optional(),
  transitschedule: RowId.optional(),
  transitvehicles: RowId.optional(),
  vehicles: RowId.optional(),
  jar: RowId.optional(),
});
export type ExportFiles = z.infer<typeof ExportFiles>;

/** The body of POST /datasets/datasets/{id}/export. */
export const ScenarioExportRequest = z.object({
  /** One file per role (file ids of the scenario). */
  files: ExportFiles,
  /** Additional input files (counts, change events, …): matched to the config's params by file name. */
  inputs: z.array(RowId).max(EXPORT_MAX_INPUTS).default([]),
  /** Changeset ids of the scenario, applied to the network in this order. */
  changesets: z.array(RowId).max(EXPORT_MAX_CHANGESETS).default([]),
});
export type ScenarioExportRequest = z.input<typeof ScenarioExportRequest>;

export const EXPORT_MESSAGES = {
  notAScenario: 'Only scenarios can be exported.',
  fileNotInScenario: (id: number) => `The file with id ${id} is not part of the scenario.`,
  changesetNotInScenario: (id: number) => `The changeset with id ${id} does not belong to the scenario.`,
  configUnreadable: (name: string, reason: string) => `The config ${name} could not be read: ${reason}`,
  networkUnreadable: (name: string, reason: string) => `The network ${name} could not be read: ${reason}`,
  noTransitSchedule: (changeset: string) => `The changeset "${changeset}" has public transport changes but the export has no transit schedule.`,
} as const;

/** The download's file name: the scenario key. */
export function exportZipName(scenarioKey: string): string {
  return `${scenarioKey}.zip`;
}
