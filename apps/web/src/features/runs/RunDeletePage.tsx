import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorStatus } from '../../api/client.ts';
import { useDeleteRun, useRunDeletion } from '../../api/runs.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { formatBytes, formatDateTime } from '../../components/format.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useRunContext } from './RunContext.ts';
import { runPath, runsPath } from './runPaths.ts';

/** /{group}/runs/{id}/delete: what goes and what stays, then DELETE /datasets/runs/{id} (spec 1 §2.17). */
export function RunDeletePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const run = useRunContext();
  const preview = useRunDeletion(run.id);
  const remove = useDeleteRun(run.id);

  if (preview.isPending) return <PageLoader />;

  const failure = remove.error
    ? [t('runs.delete.failed', { status: errorStatus(remove.error) }), remove.error.message].filter(Boolean).join(' ')
    : undefined;
  const time = (iso: string | null | undefined, none: string) => (iso ? formatDateTime(iso, i18n.language) : none);
  const info = preview.data;

  return (
    <Paper withBorder p="lg" maw={720} style={{ borderColor: 'var(--mantine-color-red-filled)' }}>
      <ConfirmDelete
        checkboxLabel={t('runs.delete.confirm')}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate(runsPath(run.groupName), { replace: true }) })}
        onCancel={() => void navigate(runPath(run.groupName, run.id))}
        pending={remove.isPending}
        error={failure}
      >
        <Stack gap="sm">
          <Title order={2}>{t('runs.delete.heading', { name: run.name })}</Title>
          {preview.isError && (
            <Alert color="orange">{t('runs.delete.loadError', { message: preview.error.message })}</Alert>
          )}
          {info?.active && <Alert color="orange">{t('runs.delete.active')}</Alert>}
          <Text>
            {t('runs.delete.started')} {time(info?.started, t('runs.delete.notStarted'))}
          </Text>
          <Text>
            {t('runs.delete.finished')} {time(info?.finished, t('runs.delete.notFinished'))}
          </Text>
          {info && (
            <>
              {info.deleted.length === 0 ? (
                <Text>{t('runs.delete.noFilesDeleted')}</Text>
              ) : (
                <Stack gap={4}>
                  <Text>{t('runs.delete.filesDeleted')}</Text>
                  <List size="sm" aria-label={t('runs.delete.filesDeleted')}>
                    {info.deleted.map((file) => (
                      <List.Item key={file.id}>
                        {file.name} ({formatBytes(file.size, i18n.language)})
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              )}
              <Text>{t('runs.delete.dataDeleted')}</Text>
              {info.tables.length > 0 && <Text size="sm">{t('runs.delete.tables', { tables: info.tables.join(', ') })}</Text>}
              {info.kept.length > 0 && (
                <Stack gap={4}>
                  <Text>{t('runs.delete.filesKept')}</Text>
                  <List size="sm" aria-label={t('runs.delete.filesKept')}>
                    {info.kept.map((file) => (
                      <List.Item key={file.id}>
                        {file.name} — {t('runs.delete.usedBy', { datasets: file.usages.map((usage) => usage.name).join(', ') })}
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              )}
            </>
          )}
        </Stack>
      </ConfirmDelete>
    </Paper>
  );
}
