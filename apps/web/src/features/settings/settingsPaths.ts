export const SETTINGS_PATH = '/settings';
export const RUNNERS_PATH = '/settings/runners';
export const JOB_TEMPLATES_PATH = '/settings/job-templates';
export const NEW_JOB_TEMPLATE = 'new';
export const jobTemplatePath = (id: number | typeof NEW_JOB_TEMPLATE) => `${JOB_TEMPLATES_PATH}/${id}`;
export const SMTP_PATH = '/settings/smtp';
