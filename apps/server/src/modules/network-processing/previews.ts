/**
 * GET /datasets/scenarios/{id}/preview.png: the scenario's network drawn small, rendered once and kept as the
 * derived file `preview.png` of the network file; a placeholder when the scenario has no network (or it cannot
 * be drawn).
 */
import type { Readable } from 'node:stream';
import type { Actor } from '../../shared/access.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { FilesRepository } from '../files/repository.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../previews/index.ts';
import { storeDerived } from './derived.ts';
import type { NetworkRenderer } from './renderer.ts';

export const PREVIEW_FILENAME = 'preview.png';
const PREVIEW_SIZE = { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT };

export interface ScenarioPreviewsDeps {
  access: DatasetAccess;
  files: FilesRepository;
  blobs: BlobStore;
  renderer: NetworkRenderer;
  log: { error(obj: object, msg: string): void };
  onBlobLeak: (key: string, err: unknown) => void;
}

export class ScenarioPreviews {
  private placeholderPng: Promise<Uint8Array> | null = null;
  /** Renders in progress by network file id, so simultaneous requests draw once. */
  private readonly rendering = new Map<number, Promise<Uint8Array | null>>();

  constructor(private readonly deps: ScenarioPreviewsDeps) {}

  async preview(actor: Actor | null, datasetId: number): Promise<Readable | Uint8Array> {
    await this.deps.access.require(actor, datasetId, 'read');
    const [network] = await this.deps.files.networkFilesOf(datasetId);
    if (!network) return this.placeholder();
    const cached = await this.deps.files.findDerived(network.id, PREVIEW_FILENAME);
    if (cached) return this.deps.blobs.read(cached.blobKey);
    let job = this.rendering.get(network.id);
    if (!job) {
      job = this.render(network.id, network.blobKey).finally(() => this.rendering.delete(network.id));
      this.rendering.set(network.id, job);
    }
    return (await job) ?? this.placeholder();
  }

  private async render(fileId: number, blobKey: string): Promise<Uint8Array | null> {
    const { renderer, blobs } = this.deps;
    try {
      const png = await renderer.render(blobs.read(blobKey), { ...PREVIEW_SIZE, colorBy: 'none' });
      await storeDerived(this.deps, fileId, PREVIEW_FILENAME, png);
      return png;
    } catch (err) {
      this.deps.log.error({ err, fileId }, 'scenario preview could not be rendered');
      return null;
    }
  }

  private placeholder(): Promise<Uint8Array> {
    this.placeholderPng ??= this.deps.renderer.placeholder(PREVIEW_SIZE);
    return this.placeholderPng;
  }
}
