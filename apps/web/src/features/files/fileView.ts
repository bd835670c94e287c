import type { FileEntry } from '@corridor/contract';
import { isImageName } from './fileName.ts';

export type FileView = 'config' | 'network' | 'population' | 'transit' | 'image' | 'other';

/** The /edit-file view of a file, by its data-type tag, else by an image name (spec 1 §2.13). */
export function fileViewOf(file: Pick<FileEntry, 'name' | 'tag'>): FileView {
  const tag = file.tag ?? '';
  if (tag.startsWith('config_v')) return 'config';
  if (tag.startsWith('network_v')) return 'network';
  if (tag.startsWith('population_v') || tag.startsWith('plans_v')) return 'population';
  if (tag.startsWith('transitSchedule_v')) return 'transit';
  if (isImageName(file.name)) return 'image';
  return 'other';
}
