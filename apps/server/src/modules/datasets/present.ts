/** Dataset rows in the contract's shapes. */
import type { Dataset, DatasetSummary, FileEntry } from '@corridor/contract';
import type { DatasetListRow, DatasetRow } from './repository.ts';

export function toSummary(row: DatasetListRow): DatasetSummary {
  return { ...base(row), hasNetwork: row.hasNetwork };
}

export function toDataset(row: DatasetRow, files: FileEntry[]): Dataset {
  return { ...base(row), files };
}

function base(row: DatasetRow) {
  return {
    id: row.id,
    type: row.type,
    key: row.key,
    name: row.name,
    description: row.description,
    groupId: row.groupId,
    groupName: row.groupName,
    attributes: row.attributes,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  };
}
