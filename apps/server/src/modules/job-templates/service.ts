/**
 * Job templates (spec 3 §2.14, §5): everyone signed in lists them (the job-type choice); administrators add, edit,
 * delete them and choose the one default (-1 when there is none).
 */
import {
  jobCommandProblem,
  templateFileNameClash,
  templateFileNameProblem,
  type JobTemplate,
  type JobTemplatesAnswer,
  type SaveJobTemplateRequest,
} from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { requireAdmin, requireUser } from '../../shared/access.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { isZipBlob } from '../files/zip-header.ts';
import type { JobTemplatesRepository, TemplateFields } from './repository.ts';

export const TEMPLATE_NOT_FOUND = 'The job template could not be found.';
export const templateFileMissing = (id: number) => `The file ${id} of the job template does not exist.`;
export const templateFileNameMessage = (name: string, problem: string) => `The file name "${name}" of the job template ${problem}.`;
export const templateFileNotZip = (name: string) => `Only zip files can be extracted; "${name}" is not a zip file.`;
export const templateFileClashMessage = (a: string, b: string) =>
  a === b ? `Two files of the job template are named "${a}".` : `The files "${a}" and "${b}" of the job template cannot both be staged.`;

export class JobTemplatesService {
  constructor(
    private readonly templates: JobTemplatesRepository,
    private readonly blobs: BlobStore,
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  async list(actor: Actor | null): Promise<JobTemplatesAnswer> {
    requireUser(actor);
    const [jobTemplates, defaultId] = await Promise.all([this.templates.list(), this.templates.defaultId()]);
    return { jobTemplates, defaultJobTemplate: defaultId ?? -1 };
  }

  async create(actor: Actor | null, input: SaveJobTemplateRequest): Promise<JobTemplate> {
    const admin = requireAdmin(actor);
    const created = await this.templates.insert(await this.fields(input));
    this.events.info({ event: 'job-template.created', jobTemplateId: created.id, name: created.name, ...actedBy(admin) }, 'job template created');
    return created;
  }

  async update(actor: Actor | null, id: number, input: SaveJobTemplateRequest): Promise<JobTemplate> {
    const admin = requireAdmin(actor);
    const fields = await this.fields(input);
    const saved = await this.templates.update(id, fields);
    if (!saved) throw notFound(TEMPLATE_NOT_FOUND);
    this.events.info({ event: 'job-template.changed', jobTemplateId: id, name: saved.name, ...actedBy(admin) }, 'job template changed');
    return saved;
  }

  async delete(actor: Actor | null, id: number): Promise<void> {
    const admin = requireAdmin(actor);
    if (!(await this.templates.delete(id))) throw notFound(TEMPLATE_NOT_FOUND);
    this.events.info({ event: 'job-template.deleted', jobTemplateId: id, ...actedBy(admin) }, 'job template deleted');
  }

  /** true makes the template the one default; false on the current default leaves no default. */
  async setDefault(actor: Actor | null, id: number, isDefault: boolean): Promise<void> {
    requireAdmin(actor);
    if (!(await this.templates.find(id))) throw notFound(TEMPLATE_NOT_FOUND);
    if (isDefault) return this.templates.setDefault(id);
    if ((await this.templates.defaultId()) === id) await this.templates.clearDefault();
  }

  /** Checks the command and the files; answers what is stored. */
  private async fields(input: SaveJobTemplateRequest): Promise<TemplateFields> {
    const problem = jobCommandProblem(input.command, input.allowCustomJar || input.matsimVersion !== null);
    if (problem) throw badRequest(problem);
    return {
      name: input.name,
      description: input.description,
      matsimVersion: input.matsimVersion,
      toolIntegrations: input.toolIntegrations,
      allowCustomJar: input.allowCustomJar,
      command: input.command,
      files: await this.templateFiles(input.files),
    };
  }

  /**
   * The files as stored: each must exist (an administrator may read every file), its name (default: the file's)
   * be a safe relative path that clashes with no other, and only a zip may be extracted.
   */
  private async templateFiles(requested: SaveJobTemplateRequest['files']): Promise<TemplateFields['files']> {
    const found = await this.templates.filesByIds(requested.map((f) => f.fkUserFile));
    const result: TemplateFields['files'] = [];
    for (const f of requested) {
      const file = found.get(f.fkUserFile);
      if (!file) throw badRequest(templateFileMissing(f.fkUserFile));
      const name = f.name ?? file.name;
      const problem = templateFileNameProblem(name);
      if (problem) throw badRequest(templateFileNameMessage(name, problem));
      if (f.extractArchive && !(await isZipBlob(this.blobs, file.blobKey))) throw badRequest(templateFileNotZip(name));
      result.push({ fileId: f.fkUserFile, name, extractArchive: f.extractArchive });
    }
    const clash = templateFileNameClash(result.map((f) => f.name));
    if (clash) throw badRequest(templateFileClashMessage(...clash));
    return result;
  }
}
