/**
 * Job templates, read-only until issue 6 brings their management: the list for the job-type choice and the
 * default (spec 1 §7.4; -1 when there is none).
 */
import type { JobTemplatesAnswer } from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { requireUser } from '../../shared/access.ts';
import type { JobTemplatesRepository } from './repository.ts';

export class JobTemplatesService {
  constructor(private readonly templates: JobTemplatesRepository) {}

  async list(actor: Actor | null): Promise<JobTemplatesAnswer> {
    requireUser(actor);
    const [jobTemplates, defaultId] = await Promise.all([this.templates.list(), this.templates.defaultId()]);
    return { jobTemplates, defaultJobTemplate: defaultId ?? -1 };
  }
}
