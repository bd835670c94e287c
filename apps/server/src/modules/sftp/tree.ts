/**
 * The SFTP file tree of one user (`paths.ts`): their groups, each group's scenarios, each scenario's files. Every
 * answer goes through the same services and access rules as the HTTP API (groups the user is in — every group for an
 * administrator —, scenarios they may see, files of those; uploads need the right to edit the scenario), so SFTP can
 * reach nothing the web app could not.
 */
import { PassThrough } from 'node:stream';
import type { FileEntry } from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { HttpError } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { DatasetsService } from '../datasets/service.ts';
import type { FileAccess } from '../files/access.ts';
import type { FilesService } from '../files/service.ts';
import { cleanName } from '../files/upload.ts';
import type { GroupsService } from '../groups/service.ts';
import { PathRefused, type TreePath } from './paths.ts';

export interface FileTreeDeps {
  groups: GroupsService;
  datasets: DatasetsService;
  datasetAccess: DatasetAccess;
  files: FilesService;
  fileAccess: FileAccess;
  blobs: BlobStore;
}

export type TreeEntry = { kind: 'dir'; name: string; modified: Date } | { kind: 'file'; name: string; size: number; modified: Date };

/** Not there, or not the user's to see: both answer "no such file", as the API answers 404 for either. */
export class NotInTree extends Error {}

export const TREE_MESSAGES = {
  noSuchFile: 'No such file or folder.',
  readOnlyFolder: 'Files can only be put into a scenario folder: /{team}/{scenario}/{file}.',
  exists: (name: string) => `The scenario already has a file named ${name}: remove or rename it in Corridor first.`,
  notWritable: 'You may not change this scenario.',
  notSupported: 'Corridor\'s SFTP access copies files in and out of scenarios; folders and renames are made in the web app.',
} as const;

/** A file being written: bytes in order, then close (stored, attached) or abort (nothing kept). */
export interface TreeUpload {
  write(offset: number, data: Buffer): Promise<void>;
  close(): Promise<void>;
  abort(): void;
}

export class FileTree {
  constructor(private readonly deps: FileTreeDeps) {}

  async list(actor: Actor, at: TreePath): Promise<TreeEntry[]> {
    if (at.depth === 0) {
      const groups = await this.deps.groups.list(actor);
      return groups.map((g) => ({ kind: 'dir', name: g.name, modified: new Date(0) }));
    }
    if (at.depth === 1) {
      const group = await this.group(actor, at.group);
      const scenarios = await this.deps.datasets.list(actor, 'scenario', group.id);
      return scenarios.map((s) => ({ kind: 'dir', name: s.key, modified: new Date(s.modified) }));
    }
    if (at.depth === 2) {
      const scenario = await this.scenario(actor, at.group, at.scenario);
      const files = await this.deps.files.listForDataset(actor, scenario.id);
      return files.map(fileEntry);
    }
    throw new NotInTree(TREE_MESSAGES.noSuchFile);
  }

  async stat(actor: Actor, at: TreePath): Promise<TreeEntry> {
    if (at.depth === 0) return { kind: 'dir', name: '/', modified: new Date(0) };
    if (at.depth === 3) return fileEntry(await this.file(actor, at));
    const parent: TreePath = at.depth === 1 ? { depth: 0 } : { depth: 1, group: at.group };
    const name = at.depth === 1 ? at.group : at.scenario;
    const entry = (await this.list(actor, parent)).find((e) => e.name === name);
    if (!entry) throw new NotInTree(TREE_MESSAGES.noSuchFile);
    return entry;
  }

  /** A file to read: its blob and size (the file must be visible to the user: FileAccess). */
  async openRead(actor: Actor, at: TreePath): Promise<{ blobKey: string; size: number }> {
    if (at.depth !== 3) throw new NotInTree(TREE_MESSAGES.noSuchFile);
    const entry = await this.file(actor, at);
    const { file } = await this.deps.fileAccess.require(actor, entry.id);
    return { blobKey: file.blobKey, size: file.size };
  }

  /** A new file of the scenario, written in order; stored through the upload path and attached at close. */
  async openWrite(actor: Actor, at: TreePath): Promise<TreeUpload> {
    if (at.depth !== 3) throw new PathRefused(TREE_MESSAGES.readOnlyFolder);
    const scenario = await this.scenario(actor, at.group, at.scenario);
    try {
      await this.deps.datasetAccess.require(actor, scenario.id, 'edit');
    } catch (error) {
      if (error instanceof HttpError) throw new PathRefused(TREE_MESSAGES.notWritable);
      throw error;
    }
    let name: string;
    try {
      name = cleanName(at.file);
    } catch (error) {
      throw new PathRefused(error instanceof HttpError ? error.message : String(error));
    }
    if (name !== at.file) throw new PathRefused(`Not a valid file name: ${at.file}`);
    const existing = await this.deps.files.listForDataset(actor, scenario.id);
    if (existing.some((f) => f.name === name)) throw new PathRefused(TREE_MESSAGES.exists(name));

    const content = new PassThrough({ highWaterMark: 1024 * 1024 });
    const stored = this.deps.files.upload(actor, (async function* () {
      yield { filename: name, content };
    })());
    // Settled when the upload fails early (too large): the next write or close says so.
    let failure: unknown;
    stored.catch((error) => (failure = error));
    let expected = 0;
    const files = this.deps.files;
    return {
      async write(offset, data) {
        if (failure) throw failure;
        if (offset !== expected) throw new PathRefused(`Corridor takes files written from start to end; got bytes at ${offset} where ${expected} was next.`);
        expected += data.length;
        if (!content.write(data)) await new Promise<void>((resolve) => content.once('drain', resolve));
      },
      async close() {
        content.end();
        const [file] = await stored;
        try {
          await files.attach(actor, scenario.id, file!.id);
        } catch (error) {
          await files.delete(actor, file!.id).catch(() => undefined);
          throw error;
        }
      },
      abort() {
        content.destroy(new Error('The SFTP upload was not finished.'));
      },
    };
  }

  private async group(actor: Actor, name: string) {
    const group = (await this.deps.groups.list(actor)).find((g) => g.name === name);
    if (!group) throw new NotInTree(TREE_MESSAGES.noSuchFile);
    return group;
  }

  private async scenario(actor: Actor, groupName: string, key: string) {
    const group = await this.group(actor, groupName);
    const scenario = (await this.deps.datasets.list(actor, 'scenario', group.id)).find((s) => s.key === key);
    if (!scenario) throw new NotInTree(TREE_MESSAGES.noSuchFile);
    return scenario;
  }

  private async file(actor: Actor, at: Extract<TreePath, { depth: 3 }>): Promise<FileEntry> {
    const scenario = await this.scenario(actor, at.group, at.scenario);
    const file = (await this.deps.files.listForDataset(actor, scenario.id)).find((f) => f.name === at.file);
    if (!file) throw new NotInTree(TREE_MESSAGES.noSuchFile);
    return file;
  }
}

function fileEntry(file: FileEntry): TreeEntry {
  return { kind: 'file', name: file.name, size: file.size, modified: new Date(file.modified) };
}
