/**
 * The warning before deleting links the scenario's plans use (issue 24): names each used link, how many activities
 * and plan routes use it in which population file and a few persons, and what a run then does. The user can still
 * delete. While a file's index of link use is being built it says so and offers to delete without waiting.
 * Mounted once per editor: it registers the editor's `LinkUseGuard` and has the indexes built when the editor opens.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { LINK_USE_SAMPLES, type LinkUse } from '@corridor/contract';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLinkUse } from '../../../api/linkUse.ts';
import { roleOfFile } from '../../../components/fileRoles.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditorStore } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { LinkUseGuard, setLinkUseGuard, type FileCheck, type PopulationFile } from './linkUseGuard.ts';

/** Used links listed per file; the rest are counted. */
const LISTED = 5;

export function LinkUseDialog() {
  const store = useEditorStore();
  const { scenario } = useEditorEnv();
  // The same files keep the same guard when the scenario is fetched again.
  const filesKey = JSON.stringify(scenario.files.filter((file) => roleOfFile(file) === 'population').map(({ id, name }) => ({ id, name })));
  const files = useMemo(() => JSON.parse(filesKey) as PopulationFile[], [filesKey]);
  const guard = useMemo(() => new LinkUseGuard(files, async (fileId, links, signal) => (await fetchLinkUse(fileId, links, signal)).links), [files]);

  useEffect(() => {
    setLinkUseGuard(store, guard);
    // Each file's index is built as the editor opens, so a deletion later rarely waits.
    const controller = new AbortController();
    for (const file of files) fetchLinkUse(file.id, [], controller.signal).then(() => guard.markBuilt(file.id), () => undefined);
    return () => {
      controller.abort();
      guard.cancel();
      setLinkUseGuard(store, null);
    };
  }, [store, guard, files]);

  const pending = useSyncExternalStore(guard.subscribe, guard.getPending);
  // "Being built" turns into "checking" once a file's index is known built.
  useSyncExternalStore(guard.subscribe, guard.getBuiltCount);
  return (
    <Modal opened={!!pending?.shown} onClose={() => guard.cancel()} title={<LinkUseTitle checks={pending?.checks ?? []} />} centered size="lg">
      {pending && <LinkUseBody checks={pending.checks} guard={guard} />}
    </Modal>
  );
}

function LinkUseTitle({ checks }: { checks: readonly FileCheck[] }) {
  const { t } = useTranslation(EDITOR_NS);
  const used = checks.some((check) => check.state === 'done' && check.links.length > 0);
  return <>{used ? t('linkUse.titleUsed') : t('linkUse.titleChecking')}</>;
}

function LinkUseBody({ checks, guard }: { checks: readonly FileCheck[]; guard: LinkUseGuard }) {
  const { t } = useTranslation(EDITOR_NS);
  const checking = checks.filter((check) => check.state === 'checking');
  const used = checks.flatMap((check) => (check.state === 'done' && check.links.length > 0 ? [check] : []));
  const failed = checks.flatMap((check) => (check.state === 'failed' ? [check] : []));
  const withoutCoordinates = used.reduce((sum, check) => sum + check.links.reduce((n, link) => n + link.activitiesWithoutCoordinates, 0), 0);
  const activities = used.reduce((sum, check) => sum + check.links.reduce((n, link) => n + link.activities, 0), 0);

  return (
    <Stack gap="sm">
      {used.map((check) => (
        <Stack key={check.file.id} gap={4}>
          {check.links.slice(0, LISTED).map((link) => (
            <Text key={link.id} size="sm">
              {usedByText(t, link, check.file.name)}
            </Text>
          ))}
          {check.links.length > LISTED && (
            <Text size="sm" c="dimmed">
              {t('linkUse.more', { count: check.links.length - LISTED, file: check.file.name })}
            </Text>
          )}
        </Stack>
      ))}
      {used.length > 0 && (
        <Text size="sm">
          {t('linkUse.consequence')}{' '}
          {activities > withoutCoordinates && t('linkUse.withCoordinates')}{' '}
          {withoutCoordinates > 0 && <strong>{t('linkUse.withoutCoordinates', { count: withoutCoordinates })}</strong>}
        </Text>
      )}
      {checking.map((check) => (
        <Group key={check.file.id} gap="sm" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">
            {guard.isBuilt(check.file.id) ? t('linkUse.checking', { file: check.file.name }) : t('linkUse.building', { file: check.file.name })}
          </Text>
        </Group>
      ))}
      {failed.map((check) => (
        <Alert key={check.file.id} color="yellow" p="xs">
          <Text size="sm">{t('linkUse.failed', { file: check.file.name, message: check.message })}</Text>
        </Alert>
      ))}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={() => guard.cancel()}>
          {t('linkUse.cancel')}
        </Button>
        <Button color="red" onClick={() => guard.confirm()}>
          {checking.length > 0 && used.length === 0 ? t('linkUse.deleteNow') : t('linkUse.deleteAnyway')}
        </Button>
      </Group>
    </Stack>
  );
}

type T = ReturnType<typeof useTranslation<typeof EDITOR_NS>>['t'];

/** "Link 1234 is used by 56 activities (persons 1, 7, 9, …) and 310 plan routes (persons 2, 3, 5, …) in plans.xml." */
function usedByText(t: T, link: LinkUse, file: string): string {
  // The index keeps the first LINK_USE_SAMPLES persons: with that many there may be more.
  const persons = (ids: readonly string[]) => (ids.length >= LINK_USE_SAMPLES ? [...ids, '…'] : ids).join(', ');
  const parts: string[] = [];
  if (link.activities > 0) parts.push(t('linkUse.activities', { count: link.activities, persons: persons(link.activityPersons) }));
  if (link.routes > 0) parts.push(t('linkUse.routes', { count: link.routes, persons: persons(link.routePersons) }));
  return t('linkUse.usedBy', { id: link.id, uses: parts.join(t('linkUse.and')), file });
}
