/** File rows in the contract's shape. */
import type { FileEntry } from '@corridor/contract';
import type { FileWithUsages } from './repository.ts';

export function toFileEntry(file: FileWithUsages): FileEntry {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    added: file.added.toISOString(),
    modified: file.modified.toISOString(),
    type: file.type,
    tag: file.tag,
    usages: file.usages,
    attributes: file.attributes,
  };
}
