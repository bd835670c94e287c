/**
 * Job templates (spec 3 §2.14, §5): everyone signed in lists them (the job-type choice); administrators add, edit,
 * delete them and choose the one default (-1 when there is none).
 */
import { jobCommandProblem, type JobTemplate, type JobTemplatesAnswer, type SaveJobTemplateRequest } from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { requireAdmin, requireUser } from '../../shared/access.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import type { JobTemplatesRepository, TemplateFields } from './repository.ts';

export const TEMPLATE_NOT_FOUND = 'The job template could not be found.';
export const templateFileMissing = (id: number) => `The file ${id} of the job template does not exist.`;

export class JobTemplatesService {
  constructor(private readonly templates: JobTemplatesRepository) {}

  async list(actor: Actor | null): Promise<JobTemplatesAnswer> {
    requireUser(actor);
    const [jobTemplates, defaultId] = await Promise.all([this.templates.list(), this.templates.defaultId()]);
    return { jobTemplates, defaultJobTemplate: defaultId ?? -1 };
  }

  async create(actor: Actor | null, input: SaveJobTemplateRequest): Promise<JobTemplate> {
    requireAdmin(actor);
    return this.templates.insert(await this.fields(input));
  }

  async update(actor: Actor | null, id: number, input: SaveJobTemplateRequest): Promise<JobTemplate> {
    requireAdmin(actor);
    const fields = await this.fields(input);
    const saved = await this.templates.update(id, fields);
    if (!saved) throw notFound(TEMPLATE_NOT_FOUND);
    return saved;
  }

  async delete(actor: Actor | null, id: number): Promise<void> {
    requireAdmin(actor);
    if (!(await this.templates.delete(id))) throw notFound(TEMPLATE_NOT_FOUND);
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
    const names = await this.templates.fileNames(input.files.map((f) => f.fkUserFile));
    const missing = input.files.find((f) => !names.has(f.fkUserFile));
    if (missing) throw badRequest(templateFileMissing(missing.fkUserFile));
    return {
      name: input.name,
      description: input.description,
      matsimVersion: input.matsimVersion,
      toolIntegrations: input.toolIntegrations,
      allowCustomJar: input.allowCustomJar,
      command: input.command,
      files: input.files.map((f) => ({ fileId: f.fkUserFile, name: names.get(f.fkUserFile)!, extractArchive: f.extractArchive })),
    };
  }
}
