/**
 * Who may see and change a file: whoever added it, whoever can see a dataset using it, and admins
 * (docs/decisions.md, "File access"). Anyone else gets 404, as if the file did not exist.
 */
import { requireUser, type Actor } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import { viewerOf } from '../datasets/access.ts';
import type { Viewer } from '../datasets/visibility.ts';
import type { FileRow, FilesRepository } from './repository.ts';

export const FILE_NOT_FOUND = 'The file could not be found.';

export class FileAccess {
  constructor(private readonly files: FilesRepository) {}

  async require(actor: Actor | null, id: number): Promise<{ user: Actor; viewer: Viewer; file: FileRow }> {
    const user = requireUser(actor);
    const viewer = viewerOf(user);
    const file = await this.files.findVisible(id, viewer);
    if (!file) throw notFound(FILE_NOT_FOUND);
    return { user, viewer, file };
  }
}
