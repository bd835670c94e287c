/**
 * Export Scenario's pure rules (spec 1 §2.12, issue 13): files by role prefilled like the schedule page, an ordered
 * list of changesets, validation, and the POST /datasets/datasets/{id}/export payload.
 */
import { type Dataset, EXPORT_REQUIRED_ROLES, type ExportFiles, type ScenarioExportRequest } from '@corridor/contract';
import { preselectFiles, SINGLE_ROLES, type SingleRole } from '../../components/fileRoles.ts';

export interface ExportValues {
  /** File ids as the selects hold them. */
  files: Record<SingleRole, string | null>;
  inputs: string[];
  /** Changeset ids in the order they are applied. */
  changesets: number[];
}

export type ExportErrors = Partial<Record<`files.${SingleRole}`, 'role'>>;

/** Files by data-type tag; no changeset chosen, so the network goes out as it is until the user picks some. */
export function initialExport(scenario: Pick<Dataset, 'files'>): ExportValues {
  return { files: preselectFiles(scenario.files), inputs: [], changesets: [] };
}

/** A config and a network are needed: the config is rewritten and the changesets apply to the network. */
export function validateExport(values: ExportValues): ExportErrors {
  const errors: ExportErrors = {};
  for (const role of EXPORT_REQUIRED_ROLES) if (!values.files[role]) errors[`files.${role}`] = 'role';
  return errors;
}

/** The request body; call it on values that validate. */
export function exportRequest(values: ExportValues): ScenarioExportRequest {
  const files = Object.fromEntries(SINGLE_ROLES.flatMap((role) => (values.files[role] ? [[role, Number(values.files[role])]] : [])));
  return { files: files as ExportFiles, inputs: values.inputs.map(Number), changesets: [...values.changesets] };
}

/** The list with the item at `index` moved by `delta` places (unchanged when it would leave the list). */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
