import { type Changeset, type Dataset, type JobTemplatesAnswer, REQUIRED_FILE_ROLES, SCHEDULE_REDIRECT_MS } from '@corridor/contract';
import { Alert, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateJob } from '../../api/jobs-schedule.ts';
import { fileOptions as optionsOf, SINGLE_ROLES, type SingleRole } from '../../components/fileRoles.ts';
import { FileRoleSelect, InputFilesSelect } from '../../components/FileRoleSelect.tsx';
import { scenarioPath } from '../scenarios/scenarioPaths.ts';
import { type ScheduleValues, scheduleRequest, validateSchedule } from './scheduleForm.ts';

interface ScheduleRunFormProps {
  scenario: Dataset;
  initial: ScheduleValues;
  templates: JobTemplatesAnswer | undefined;
  changesets: readonly Changeset[];
}

/** The schedule-run form: fields, file roles, changesets; Enter submits (spec 1 §2.15, §5.2, §7.4). */
export function ScheduleRunForm({ scenario, initial, templates, changesets }: ScheduleRunFormProps) {
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

  const fileOptions = optionsOf(scenario.files);
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

  const roleSelect = (role: SingleRole) => (
    <FileRoleSelect key={role} role={role} options={fileOptions} required={REQUIRED_FILE_ROLES.includes(role)} {...form.getInputProps(`files.${role}`)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={880}>
        <Title order={2}>{t('schedule.title')}</Title>
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
