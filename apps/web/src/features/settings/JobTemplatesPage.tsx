import { Alert, Anchor, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useJobTemplates } from '../../api/catalogues.ts';
import { useSetDefaultJobTemplate } from '../../api/jobTemplates.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { jobTemplatePath, NEW_JOB_TEMPLATE, SETTINGS_PATH } from './settingsPaths.ts';

/** Job templates, /settings/job-templates (spec 3 §2.14): name, description, the default. */
export function JobTemplatesPage() {
  const { t } = useTranslation();
  const templates = useJobTemplates();
  const setDefault = useSetDefaultJobTemplate();

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: t('titles.settings'), to: SETTINGS_PATH }, { label: t('titles.jobTemplates') }]} />
      <Title order={2}>{t('titles.jobTemplates')}</Title>
      {setDefault.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setDefault.reset()}>
          {t('jobTemplates.defaultFailed')} {setDefault.error.message}
        </Alert>
      )}
      {templates.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {templates.isError && <Text c="red">{t('jobTemplates.loadFailed')}</Text>}
      {templates.data && (
        <Table aria-label={t('titles.jobTemplates')} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobTemplates.fields.name')}</Table.Th>
              <Table.Th>{t('jobTemplates.fields.description')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.jobTemplates.map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td>
                  <Anchor component={Link} to={jobTemplatePath(template.id)}>
                    {template.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{template.description}</Table.Td>
                <Table.Td ta="right">
                  {template.id === templates.data.defaultJobTemplate ? (
                    <Badge variant="light">{t('jobTemplates.default')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('jobTemplates.setDefaultLabel', { name: template.name })}
                      onClick={() => setDefault.mutate(template.id)}
                    >
                      {t('jobTemplates.setDefault')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <div>
        <Button component={Link} to={jobTemplatePath(NEW_JOB_TEMPLATE)} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('jobTemplates.add')}
        </Button>
      </div>
    </Stack>
  );
}
