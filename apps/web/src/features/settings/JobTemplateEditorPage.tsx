import { COMMAND_PLACEHOLDERS, COMMAND_TEMPLATES, type JobTemplate, TOOL_INTEGRATIONS } from '@corridor/contract';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useJobTemplates } from '../../api/catalogues.ts';
import { useDeleteJobTemplate, useSaveJobTemplate } from '../../api/jobTemplates.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDelete.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import {
  CUSTOM_MATSIM,
  EMPTY_TEMPLATE,
  type JobTemplateValues,
  NO_MATSIM,
  requestOf,
  saveState,
  type TemplateProblem,
  validateTemplate,
  valuesOf,
} from './jobTemplateForm.ts';
import { AdditionalFiles } from './job-templates/AdditionalFiles.tsx';
import { useReleaseOptions } from './job-templates/useReleaseOptions.ts';
import { JOB_TEMPLATES_PATH, jobTemplatePath, NEW_JOB_TEMPLATE, SETTINGS_PATH } from './settingsPaths.ts';

function problemText(t: TFunction, problem: TemplateProblem | undefined): string | undefined {
  if (!problem) return undefined;
  return problem.code === 'unknownPlaceholder'
    ? t('jobTemplates.problems.unknownPlaceholder', { placeholder: problem.placeholder })
    : t(`jobTemplates.problems.${problem.code}`);
}

function JobTemplateForm({ template }: { template?: JobTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveJobTemplate();
  const remove = useDeleteJobTemplate();
  const saved = template ? valuesOf(template) : undefined;
  const [values, setValues] = useState<JobTemplateValues>(saved ?? EMPTY_TEMPLATE);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const problems = submitted ? validateTemplate(values) : {};
  const state = saveState(!template, values, saved);
  const set = <K extends keyof JobTemplateValues>(key: K, value: JobTemplateValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateTemplate(values)).length > 0) return;
    save.mutate(
      { id: template?.id, template: requestOf(values) },
      { onSuccess: (answer) => !template && navigate(jobTemplatePath(answer.id), { replace: true }) },
    );
  };

  const matsimOptions = [
    { value: NO_MATSIM, label: t('jobTemplates.matsimNone') },
    { value: CUSTOM_MATSIM, label: t('jobTemplates.matsimCustom') },
    ...useReleaseOptions(),
  ];
  const integrationOptions = [
    { value: '', label: t('jobTemplates.integrationNone') },
    ...TOOL_INTEGRATIONS.map((release) => ({ value: release, label: release })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        {save.isError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => save.reset()}>
            {save.error.message}
          </Alert>
        )}
        <TextInput
          label={t('jobTemplates.fields.name')}
          required
          value={values.name}
          error={problemText(t, problems.name)}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Textarea
          label={t('jobTemplates.fields.description')}
          autosize
          minRows={2}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <Select
            label={t('jobTemplates.fields.matsimVersion')}
            allowDeselect={false}
            data={matsimOptions}
            value={values.matsimVersion}
            onChange={(value) => set('matsimVersion', value ?? NO_MATSIM)}
          />
          <Select
            label={t('jobTemplates.fields.integration')}
            allowDeselect={false}
            data={integrationOptions}
            value={values.toolIntegration}
            onChange={(value) => set('toolIntegration', value ?? '')}
          />
        </Group>
        <AdditionalFiles files={values.files} update={(change) => setValues((current) => ({ ...current, files: change(current.files) }))} />
        <Select
          label={t('jobTemplates.fields.commandTemplate')}
          placeholder={t('jobTemplates.commandTemplatePlaceholder')}
          data={COMMAND_TEMPLATES.map((entry) => ({ value: entry.command, label: t(`jobTemplates.commandTemplates.${entry.key}`) }))}
          value={COMMAND_TEMPLATES.some((entry) => entry.command === values.command) ? values.command : null}
          onChange={(command) => command && set('command', command)}
        />
        <Checkbox
          label={t('jobTemplates.fields.allowCustomJar')}
          checked={values.allowCustomJar}
          onChange={(event) => set('allowCustomJar', event.currentTarget.checked)}
        />
        <Textarea
          label={t('jobTemplates.fields.command')}
          required
          autosize
          minRows={2}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          description={t('jobTemplates.commandHint', { placeholders: COMMAND_PLACEHOLDERS.join(', ') })}
          value={values.command}
          error={problemText(t, problems.command)}
          onChange={(event) => set('command', event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Button type="submit" loading={save.isPending} disabled={state === 'saved'}>
            {t(`jobTemplates.saveStates.${state}`)}
          </Button>
          {template && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          )}
        </Group>
      </Stack>
      {template && (
        <ConfirmDeleteModal
          opened={deleting}
          title={t('jobTemplates.deleteTitle')}
          checkboxLabel={t('jobTemplates.deleteConfirm')}
          pending={remove.isPending}
          error={remove.error?.message}
          onCancel={() => {
            setDeleting(false);
            remove.reset();
          }}
          onConfirm={() => remove.mutate(template.id, { onSuccess: () => navigate(JOB_TEMPLATES_PATH) })}
        >
          <Text>{t('jobTemplates.deleteText', { name: template.name })}</Text>
        </ConfirmDeleteModal>
      )}
    </form>
  );
}

/** Job template editor, /settings/job-templates/{id|new} (spec 3 §2.14). */
export function JobTemplateEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const templates = useJobTemplates();
  const isNew = id === NEW_JOB_TEMPLATE;
  const template = templates.data?.jobTemplates.find((entry) => String(entry.id) === id);
  const title = isNew ? t('jobTemplates.newTitle') : (template?.name ?? t('titles.jobTemplate'));

  let content;
  if (isNew) content = <JobTemplateForm />;
  else if (templates.isPending) content = <Text c="dimmed">{t('common.loading')}</Text>;
  else if (templates.isError) content = <Text c="red">{t('jobTemplates.loadFailed')}</Text>;
  else if (!template) return <NotFound />;
  else content = <JobTemplateForm key={template.id} template={template} />;

  return (
    <Stack gap="lg">
      <Breadcrumbs
        items={[
          { label: t('titles.settings'), to: SETTINGS_PATH },
          { label: t('titles.jobTemplates'), to: JOB_TEMPLATES_PATH },
          { label: title },
        ]}
      />
      <Title order={2}>{title}</Title>
      {content}
    </Stack>
  );
}
