import { DatasetKey } from '@corridor/contract';
import { Code, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateRun } from '../../api/runs.ts';
import { SaveRow } from '../../components/SaveRow.tsx';
import { RunCrsSection } from './RunCrsSection.tsx';
import { useRunContext } from './RunContext.ts';

interface RunEditValues {
  name: string;
  key: string;
  description: string;
}

/** /{group}/runs/{id}/edit: name, key, description; a failure in a preformatted block (spec 1 §2.17); the run's CRS (issue 24). */
export function RunEditPage() {
  const { t } = useTranslation();
  const run = useRunContext();
  const update = useUpdateRun(run.id);
  const form = useForm<RunEditValues>({
    initialValues: { name: run.name, key: run.key, description: run.description },
    validate: {
      name: (value) => (value.trim() ? null : t('runs.edit.nameRequired')),
      key: (value) => (DatasetKey.safeParse(value).success ? null : t('runs.edit.keyInvalid')),
    },
  });

  const submit = form.onSubmit((values) =>
    update.mutate(
      { name: values.name.trim(), key: values.key.trim(), description: values.description },
      { onSuccess: () => form.resetDirty() },
    ),
  );

  return (
    <Stack gap="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={640}>
          <TextInput label={t('runs.edit.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('runs.edit.key')} withAsterisk {...form.getInputProps('key')} />
          <Textarea label={t('runs.edit.description')} autosize minRows={3} {...form.getInputProps('description')} />
          {update.isError && (
            <Stack gap={4} role="alert">
              <Text c="red" size="sm">
                {t('runs.edit.failed')}
              </Text>
              <Code block>{update.error.message}</Code>
            </Stack>
          )}
          <SaveRow saved={update.isSuccess && !form.isDirty()} savedText={t('runs.edit.saved')} pending={update.isPending} />
        </Stack>
      </form>
      <RunCrsSection />
    </Stack>
  );
}
