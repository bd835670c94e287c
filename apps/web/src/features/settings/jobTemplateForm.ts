import { findJobCommandProblem, type JobCommandProblem, type JobTemplate, type SaveJobTemplateRequest } from '@corridor/contract';
import { filesOf, filesRequest, sameFiles, type TemplateFileValue } from './job-templates/templateFiles.ts';

/** The editor's values; the MATSim version select uses "" for None. */
export interface JobTemplateValues {
  name: string;
  description: string;
  matsimVersion: string;
  toolIntegration: string;
  allowCustomJar: boolean;
  command: string;
  /** Additional files, staged next to the config. */
  files: TemplateFileValue[];
}

export const NO_MATSIM = '';
export const CUSTOM_MATSIM = 'custom';

export const EMPTY_TEMPLATE: JobTemplateValues = {
  name: '',
  description: '',
  matsimVersion: NO_MATSIM,
  toolIntegration: '',
  allowCustomJar: false,
  command: '',
  files: [],
};

export function valuesOf(template: JobTemplate): JobTemplateValues {
  return {
    name: template.name,
    description: template.description,
    matsimVersion: template.matsimVersion ?? NO_MATSIM,
    toolIntegration: template.toolIntegrations[0] ?? '',
    allowCustomJar: template.allowCustomJar,
    command: template.command,
    files: filesOf(template),
  };
}

/** The save request. */
export function requestOf(values: JobTemplateValues): SaveJobTemplateRequest {
  return {
    name: values.name.trim(),
    description: values.description,
    matsimVersion: values.matsimVersion === NO_MATSIM ? null : values.matsimVersion,
    toolIntegrations: values.toolIntegration ? [values.toolIntegration] : [],
    allowCustomJar: values.allowCustomJar,
    command: values.command.trim(),
    files: filesRequest(values.files),
  };
}

/** $JAR is allowed with a custom jar or a named MATSim version (the contract's rule). */
export function jarAllowed(values: Pick<JobTemplateValues, 'matsimVersion' | 'allowCustomJar'>): boolean {
  return values.allowCustomJar || values.matsimVersion !== NO_MATSIM;
}

/** A field's problem as a code: the page words it (jobTemplates.problems.{code}) in the user's language. */
export type TemplateProblem = { code: 'name' } | JobCommandProblem;

/** The first problem of each field (spec 3 §5), or none: the contract's checks, the server's too. */
export function validateTemplate(values: JobTemplateValues): { name?: TemplateProblem; command?: TemplateProblem } {
  const problems: { name?: TemplateProblem; command?: TemplateProblem } = {};
  if (values.name.trim() === '') problems.name = { code: 'name' };
  const command = findJobCommandProblem(values.command, jarAllowed(values));
  if (command) problems.command = command;
  return problems;
}

/** Save button state (spec 3 §4): Add for a new template, Save when changed, Saved ✔ when unchanged. */
export type SaveState = 'add' | 'save' | 'saved';

export function saveState(isNew: boolean, values: JobTemplateValues, saved: JobTemplateValues | undefined): SaveState {
  if (isNew || !saved) return 'add';
  const changed = (Object.keys(values) as (keyof JobTemplateValues)[]).some((key) =>
    key === 'files' ? !sameFiles(values.files, saved.files) : values[key] !== saved[key],
  );
  return changed ? 'save' : 'saved';
}
