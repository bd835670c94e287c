/**
 * Scenario templates: the list (GET /datasets/scenario-templates.json) and turning a template into stored files
 * for a new scenario. Generated templates are written by the built-in engine's generator; the others are
 * downloaded, and a download that fails ends creation with 502 and leaves nothing behind.
 */
import type { ScenarioTemplate } from '@corridor/contract';
import { generateDemoScenario } from '@corridor/engine';
import { writeOutput } from '@corridor/matsim';
import { HttpError } from '../../shared/errors.ts';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.ts';
import { download, DownloadError } from '../engine-setup/download.ts';
import { sniffBlob } from '../files/sniffing.ts';
import type { NewFile } from '../files/repository.ts';
import { TEMPLATES, type TemplateDefinition } from './catalogue.ts';
import { SERVER, type Processing } from '../../workers/processing.ts';

/** A template file stored as a blob, ready to become a file row of the new scenario. */
export type TemplateFile = Omit<NewFile, 'createdBy'>;

export interface MaterializedTemplate {
  files: TemplateFile[];
  crs: string | null;
}

export interface ScenarioTemplatesOptions {
  blobs: BlobStore;
  /** Sniffs the stored files off the main thread. */
  processing: Processing;
  /** SCENARIO_TEMPLATES_URL, without a trailing slash. */
  baseUrl: string;
  /** A download fails when no data arrived for this long. */
  idleTimeoutMs?: number;
}

export class ScenarioTemplates {
  constructor(private readonly options: ScenarioTemplatesOptions) {}

  list(): ScenarioTemplate[] {
    return TEMPLATES.map((t) => ({
      key: t.key,
      name: t.name,
      description: t.description,
      imageURL: null,
      scenarioURL: t.download ? `${this.options.baseUrl}/${t.download.folder}/` : null,
      crs: t.download ? t.crs : generateDemoScenario().crs,
      needsInternet: t.download !== null,
    }));
  }

  has(key: string): boolean {
    return TEMPLATES.some((t) => t.key === key);
  }

  /** Stores the template's files as blobs; on failure removes those already stored. */
  async materialize(key: string): Promise<MaterializedTemplate> {
    const template = TEMPLATES.find((t) => t.key === key);
    if (!template) throw new Error(`No template ${key}`);
    const stored: { name: string; blob: StoredBlob }[] = [];
    try {
      const crs = template.download ? await this.fetchAll(template, stored) : await this.generate(stored);
      const files: TemplateFile[] = [];
      for (const { name, blob } of stored) {
        const content = await sniffBlob(this.options.processing, this.options.blobs, blob.key, name, SERVER);
        files.push({ name, size: blob.size, blobKey: blob.key, ...content });
      }
      return { files, crs };
    } catch (err) {
      for (const { blob } of stored) await this.options.blobs.delete(blob.key);
      throw err;
    }
  }

  private async generate(stored: { name: string; blob: StoredBlob }[]): Promise<string> {
    const scenario = generateDemoScenario();
    for (const file of scenario.files) {
      const blob = await this.options.blobs.putWith((path) => writeOutput(path, file.text(), { gzip: file.name.endsWith('.gz') }));
      stored.push({ name: file.name, blob });
    }
    return scenario.crs;
  }

  private async fetchAll(template: TemplateDefinition, stored: { name: string; blob: StoredBlob }[]): Promise<string | null> {
    const { folder, files } = template.download!;
    for (const name of files) {
      const url = `${this.options.baseUrl}/${folder}/${name}`;
      try {
        const blob = await this.options.blobs.putWith(async (path) => {
          const done = await download({
            url,
            target: path,
            onProgress: () => undefined,
            idleTimeoutMs: this.options.idleTimeoutMs ?? 30_000,
            signal: new AbortController().signal,
          });
          await done.commit();
        });
        stored.push({ name, blob });
      } catch (err) {
        if (!(err instanceof DownloadError)) throw err;
        throw new HttpError(
          502,
          `Could not download the template's files: ${url}: ${err.message}. The template "${template.name}" needs the internet; the demo template works offline.`,
        );
      }
    }
    return template.crs;
  }
}
