import { type Changeset, type Dataset, EXPORT_REQUIRED_ROLES, exportZipName } from '@corridor/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_NS } from './i18n/index.ts';
import { Link } from 'react-router';
import { fileOptions, roleFileOptions, SINGLE_ROLES, type SingleRole } from '../../components/fileRoles.ts';
import { FileRoleSelect, InputFilesSelect } from '../../components/FileRoleSelect.tsx';
import { formatBytes } from '../../components/format.ts';
import { scenarioPath } from '../scenarios/scenarioPaths.ts';
import { ChangesetOrder } from './ChangesetOrder.tsx';
import { fetchExport, saveBlob } from './exportDownload.ts';
import { type ExportValues, exportRequest, initialExport, validateExport } from './exportForm.ts';

const isRequired = (role: SingleRole) => (EXPORT_REQUIRED_ROLES as readonly SingleRole[]).includes(role);

/** Files by role, the ordered changesets, and Download (spec 1 §2.12, issue 13). */
export function ExportScenarioForm({ scenario, changesets }: { scenario: Dataset; changesets: readonly Changeset[] }) {
  const { t, i18n } = useTranslation(EXPORT_NS);
  const { t: tt } = useTranslation();
  const [received, setReceived] = useState(0);
  const form = useForm<ExportValues>({
    initialValues: initialExport(scenario),
    validate: (values) => Object.fromEntries(Object.entries(validateExport(values)).map(([field]) => [field, t('roleRequired')])),
  });
  const fileName = exportZipName(scenario.key);
  const download = useMutation({
    mutationFn: async (values: ExportValues) => {
      setReceived(0);
      saveBlob(await fetchExport(scenario.id, exportRequest(values), setReceived), fileName);
    },
  });
  const options = fileOptions(scenario.files);
  const pending = download.isPending;

  return (
    <form onSubmit={form.onSubmit((values) => download.mutate(values))} noValidate>
      <Stack gap="lg" maw={880}>
        <Title order={2}>{tt('titles.exportScenario')}</Title>
        <Text>{t('intro')}</Text>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={3}>{t('filesHeading')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {SINGLE_ROLES.map((role) => (
                <FileRoleSelect key={role} role={role} options={roleFileOptions(scenario.files, role, form.values.files[role])} required={isRequired(role)} disabled={pending} {...form.getInputProps(`files.${role}`)} />
              ))}
            </SimpleGrid>
            <InputFilesSelect options={options} description={t('inputsHint')} disabled={pending} {...form.getInputProps('inputs')} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <div>
              <Title order={3}>{t('changesetsHeading')}</Title>
              <Text size="sm" c="dimmed">
                {t('changesetsHint')}
              </Text>
            </div>
            <ChangesetOrder
              changesets={changesets}
              disabled={pending}
              value={form.values.changesets}
              onChange={(next) => form.setFieldValue('changesets', next)}
            />
          </Stack>
        </Paper>
        {download.isError && (
          <Alert color="red" role="alert">
            {t('failure', { message: download.error.message })}
          </Alert>
        )}
        {download.isSuccess && (
          <Alert color="teal" role="status">
            {t('done', { file: fileName })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {pending && (
            <Text size="sm" c="dimmed" role="status">
              {received === 0 ? t('preparing') : t('receiving', { size: formatBytes(received, i18n.language) })}
            </Text>
          )}
          <Button component={Link} to={scenarioPath(scenario)} variant="default">
            {t('back')}
          </Button>
          <Button type="submit" loading={pending} leftSection={<IconDownload size={16} aria-hidden />}>
            {t('download')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
