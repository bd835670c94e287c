import { type Changeset, type Dataset, type Job, type JobTemplatesAnswer, REQUIRED_FILE_ROLES, SCHEDULE_REDIRECT_MS } from '@corridor/contract';
import { Alert, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconRestore } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFileText } from '../../api/fileText.ts';
import { useCreateJob } from '../../api/jobs-schedule.ts';
import { fileFitsRole, fileNamed, fileOptions as optionsOf, roleFileOptions, SINGLE_ROLES, type SingleRole } from '../../components/fileRoles.ts';
import { FileRoleSelect, InputFilesSelect } from '../../components/FileRoleSelect.tsx';
import { scenarioPath } from '../scenarios/scenarioPaths.ts';
import { type ConfigFileNames, type CopiedSetting, copyLastRun, filesFromConfig, type ScheduleValues, scheduleRequest, validateSchedule } from './scheduleForm.ts';
import { useConfigNames } from './useConfigNames.ts';

interface ScheduleRunFormProps {
  scenario: Dataset;
  initial: ScheduleValues;
  templates: JobTemplatesAnswer | undefined;
  changesets: readonly Changeset[];
  /** The scenario's newest run's job: its settings can be copied on request. */
  lastJob: Job | null;
}

/**
 * The schedule-run form: fields, file roles, changesets; Enter submits (spec 1 §2.15, §5.2, §7.4). It starts from
 * fresh defaults with the files the chosen config names; "Copy settings from the last run" takes over the last
 * run's settings, shown as copied with a reset (issue 24).
 */
export function ScheduleRunForm({ scenario, initial, templates, changesets, lastJob }: ScheduleRunFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateJob(scenario.id);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const form = useForm<ScheduleValues>({
    initialValues: initial,
    validate: (values) => {
      const errors = validateSchedule(values);
      return Object.fromEntries(
        Object.entries(errors).map(([field, problem]) => [field, typeof problem === 'string' ? t(`schedule.messages.${problem}`) : problem.message]),
      );
    },
  });

  // The config's file names: those of the config chosen now (a newly chosen config re-fills the files once read).
  const configId = form.values.files.config;
  const configText = useFileText(configId === null ? null : Number(configId));
  const configNames = useConfigNames(configText.data);
  const applied = useRef<string | null>(initial.files.config);
  useEffect(() => {
    if (configId === applied.current || configText.isPending) return;
    applied.current = configId;
    form.setValues(filesFromConfig(form.getValues(), scenario.files, configNames));
    // `form` is stable; only a new config's answer re-fills the files.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [configId, configText.isPending, configNames, scenario.files]);

  const [copied, setCopied] = useState<CopiedSetting[] | null>(null);
  const copy = () => {
    if (!lastJob) return;
    const result = copyLastRun(form.getValues(), lastJob, scenario.files, changesets.map((changeset) => changeset.id));
    applied.current = result.values.files.config;
    form.setValues(result.values);
    setCopied(result.copied);
  };
  const reset = () => {
    applied.current = initial.files.config;
    const { memory, jobType, programArgs, files, inputs, changesets: none } = initial;
    form.setValues({ memory, jobType, programArgs, files, inputs, changesets: none });
    setCopied(null);
  };

  const fileOptions = optionsOf(scenario.files);
  const configName = scenario.files.find((file) => String(file.id) === configId)?.name ?? '';
  const configUnreadable = configId !== null && !configText.isPending && configNames === null;
  const templateOptions = (templates?.jobTemplates ?? []).map((template) => ({ value: String(template.id), label: template.name }));
  const changesetOptions = changesets.map((changeset) => ({ value: String(changeset.id), label: changeset.name }));
  const scheduled = create.isSuccess;

  const submit = form.onSubmit((values) => {
    create.mutate(scheduleRequest(values, scenario), {
      onSuccess: () => {
        redirect.current = setTimeout(() => void navigate(scenarioPath(scenario)), SCHEDULE_REDIRECT_MS);
      },
    });
  });

  const hintText = (hint: RoleHint | null) => (hint ? t(`schedule.${hint.kind}`, { name: hint.name, param: hint.param }) : undefined);
  const roleSelect = (role: SingleRole) => (
    <FileRoleSelect
      key={role}
      role={role}
      options={roleFileOptions(scenario.files, role, form.values.files[role])}
      required={REQUIRED_FILE_ROLES.includes(role)}
      description={hintText(roleHint(role, form.values.files[role], scenario, configNames))}
      {...form.getInputProps(`files.${role}`)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={880}>
        <Group justify="space-between" align="center">
          <Title order={2}>{t('schedule.title')}</Title>
          {lastJob && !copied && (
            <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy} disabled={scheduled}>
              {t('schedule.copyLastRun')}
            </Button>
          )}
        </Group>
        {copied && lastJob && (
          <Alert color="blue" role="status" title={t('schedule.copiedTitle', { name: lastJob.name })}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {copied.length
                  ? t('schedule.copied', { settings: copied.map((setting) => t(`schedule.copiedSettings.${setting}`)).join(', ') })
                  : t('schedule.copiedNothing')}
              </Text>
              <Button size="xs" variant="light" leftSection={<IconRestore size={14} aria-hidden />} onClick={reset} disabled={scheduled}>
                {t('schedule.resetDefaults')}
              </Button>
            </Stack>
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" role="alert">
            {t('schedule.failure', { message: create.error.message })}
          </Alert>
        )}
        {scheduled && (
          <Alert color="teal" role="status">
            {t('schedule.success')}
          </Alert>
        )}
        <Paper withBorder p="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('schedule.name')} withAsterisk {...form.getInputProps('name')} />
              <TextInput label={t('schedule.runId')} description={t('schedule.runIdHint')} withAsterisk {...form.getInputProps('runId')} />
            </SimpleGrid>
            <Textarea label={t('schedule.description')} autosize minRows={2} {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('schedule.memory')} description={t('schedule.memoryHint')} withAsterisk {...form.getInputProps('memory')} />
              <Select
                label={t('schedule.jobType')}
                data={templateOptions}
                withAsterisk
                allowDeselect={false}
                {...form.getInputProps('jobType')}
              />
            </SimpleGrid>
            <TextInput
              label={t('schedule.programArgs')}
              description={t('schedule.programArgsHint')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('programArgs')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={3}>{t('schedule.filesHeading')}</Title>
            {configId !== null && (
              <Text size="sm" c={configUnreadable ? 'orange' : 'dimmed'}>
                {configUnreadable ? t('schedule.configUnreadable', { name: configName }) : t('schedule.filesFromConfig', { name: configName })}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>{SINGLE_ROLES.map(roleSelect)}</SimpleGrid>
            <InputFilesSelect options={fileOptions} {...form.getInputProps('inputs')} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={3}>{t('schedule.changesetsHeading')}</Title>
            {changesetOptions.length === 0 ? (
              <Text c="dimmed">{t('schedule.noChangesets')}</Text>
            ) : (
              <MultiSelect
                label={t('schedule.changesets')}
                description={t('schedule.changesetsHint')}
                data={changesetOptions}
                clearable
                {...form.getInputProps('changesets')}
              />
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(scenarioPath(scenario))}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={scheduled}>
            {t('schedule.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type RoleHint = { kind: 'fromConfig' | 'configNames' | 'configFileMissing'; name: string; param: string };

/** Under a role's select: where its file comes from in the config, or that the file the config names is missing. */
function roleHint(role: SingleRole, selected: string | null, scenario: Pick<Dataset, 'files'>, names: ConfigFileNames | null): RoleHint | null {
  const named = names?.roles[role];
  const param = names?.params[role] ?? '';
  if (!named) return null;
  const match = fileNamed(scenario.files.filter((file) => fileFitsRole(file, role)), named);
  if (!match) return { kind: 'configFileMissing', name: named, param };
  return { kind: String(match.id) === selected ? 'fromConfig' : 'configNames', name: match.name, param };
}
