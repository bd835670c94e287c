import { MATSIM_RELEASE_UPLOAD_MAX, type MatsimRelease, type MatsimReleasesAnswer } from '@corridor/contract';
import { Anchor, Badge, Button, FileInput, Group, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { uploadMatsimRelease, useMatsimReleaseChanges, useMatsimReleases } from '../../api/matsimReleases.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDelete.tsx';
import { formatBytes, formatDateTime } from '../../components/format.ts';
import { Section } from '../../components/Section.tsx';
import { ADMIN_NS } from './i18n/administration.ts';
import { Notice, type NoticeState } from './Notice.tsx';
import { JOB_TEMPLATES_PATH, SETTINGS_PATH } from './settingsPaths.ts';

type Download = MatsimReleasesAnswer['download'];
const downloading = (download: Download | undefined) => download?.state === 'downloading' || download?.state === 'verifying';

/**
 * Settings > MATSim Releases, /settings/matsim-releases (issue 24): the releases job templates name by version,
 * whether each is on the server (size, when added, the templates using it); download by version with progress,
 * upload of a release zip for installations without internet, delete when no template uses it.
 */
export function MatsimReleasesPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: tt } = useTranslation();
  const releases = useMatsimReleases();
  const changes = useMatsimReleaseChanges();
  const [notice, setNotice] = useState<NoticeState>();
  const [deleting, setDeleting] = useState<MatsimRelease>();
  const download = releases.data?.download;
  const busy = downloading(download);

  const startDownload = (version: string) =>
    changes.download.mutate(version, { onError: (error) => setNotice({ ok: false, text: t('matsimReleases.downloadFailed', { version, message: error.message }) }) });

  const askDelete = (release: MatsimRelease) => {
    if (release.templates.length > 0) {
      setNotice({
        ok: false,
        text: t('matsimReleases.inUse', { version: release.version, templates: release.templates.map((x) => `"${x.name}"`).join(', '), count: release.templates.length }),
      });
      return;
    }
    changes.remove.reset();
    setDeleting(release);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const version = deleting.version;
    changes.remove.mutate(version, {
      onSuccess: () => {
        setDeleting(undefined);
        setNotice({ ok: true, text: t('matsimReleases.deleted', { version }) });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tt('titles.settings'), to: SETTINGS_PATH }, { label: tt('titles.matsimReleases') }]} />
      <Title order={2}>{tt('titles.matsimReleases')}</Title>
      <Text c="dimmed">{t('matsimReleases.intro')}</Text>
      <Notice notice={notice} onClose={() => setNotice(undefined)} />
      <Section title={t('matsimReleases.listHeading')}>
        {releases.isError && (
          <Text c="red" role="alert">
            {t('matsimReleases.loadFailed', { message: releases.error.message })}
          </Text>
        )}
        {releases.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
        {download?.state === 'error' && download.error && (
          <Text c="red" role="alert">
            {download.error}
          </Text>
        )}
        {releases.data && (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label={t('matsimReleases.listHeading')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('matsimReleases.version')}</Table.Th>
                  <Table.Th>{t('matsimReleases.state')}</Table.Th>
                  <Table.Th>{t('matsimReleases.size')}</Table.Th>
                  <Table.Th>{t('matsimReleases.added')}</Table.Th>
                  <Table.Th>{t('matsimReleases.templates')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('matsimReleases.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {releases.data.releases.map((release) => {
                  const mine = download?.version === release.version;
                  return (
                    <Table.Tr key={release.version} data-version={release.version}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text fw={500}>{release.version}</Text>
                          {release.version === releases.data.releases[0]?.version && release.known && (
                            <Badge variant="light" size="sm">
                              {t('matsimReleases.default')}
                            </Badge>
                          )}
                          {!release.known && (
                            <Badge variant="light" color="gray" size="sm">
                              {t('matsimReleases.uploaded')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {mine && downloading(download) ? (
                          <DownloadProgress download={download!} />
                        ) : release.onServer ? (
                          <Badge color="teal" variant="light">
                            {t('matsimReleases.onServer')}
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('matsimReleases.notOnServer')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{release.size !== null ? formatBytes(release.size, i18n.language) : '–'}</Table.Td>
                      <Table.Td>{release.added ? formatDateTime(release.added, i18n.language) : '–'}</Table.Td>
                      <Table.Td>
                        {release.templates.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t('matsimReleases.noTemplates')}
                          </Text>
                        ) : (
                          <Group gap={6}>
                            {release.templates.map((template) => (
                              <Anchor key={template.id} component={Link} to={`${JOB_TEMPLATES_PATH}/${template.id}`} size="sm">
                                {template.name}
                              </Anchor>
                            ))}
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group justify="flex-end" gap="xs" wrap="nowrap">
                          {!release.onServer && release.known && (
                            <Button
                              size="xs"
                              variant="light"
                              disabled={busy && !mine}
                              loading={(mine && busy) || (changes.download.isPending && changes.download.variables === release.version)}
                              onClick={() => startDownload(release.version)}
                              aria-label={t('matsimReleases.downloadVersion', { version: release.version })}
                            >
                              {t('matsimReleases.download')}
                            </Button>
                          )}
                          {release.onServer && (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              onClick={() => askDelete(release)}
                              aria-label={t('matsimReleases.deleteVersion', { version: release.version })}
                            >
                              {t('matsimReleases.delete')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {busy && <Text size="sm" c="dimmed">{t('matsimReleases.oneAtATime')}</Text>}
      </Section>
      <Section title={t('matsimReleases.uploadHeading')}>
        <UploadRelease
          onDone={(text, ok) => {
            setNotice({ ok, text });
            void changes.refresh();
          }}
        />
      </Section>
      <ConfirmDeleteModal
        opened={deleting !== undefined}
        title={t('matsimReleases.deleteTitle', { version: deleting?.version ?? '' })}
        checkboxLabel={t('matsimReleases.deleteConfirm')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
        pending={changes.remove.isPending}
        error={changes.remove.error?.message}
      >
        <Text>{t('matsimReleases.deleteText', { version: deleting?.version ?? '' })}</Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}

const MEGABYTE = 1_000_000;

function DownloadProgress({ download }: { download: Download }) {
  const { t } = useTranslation(ADMIN_NS);
  const received = (download.receivedBytes / MEGABYTE).toFixed(1);
  const total = download.totalBytes ? (download.totalBytes / MEGABYTE).toFixed(1) : undefined;
  const percent = download.totalBytes ? Math.min(100, (download.receivedBytes / download.totalBytes) * 100) : 100;
  return (
    <Stack gap={4} miw={180}>
      <Progress value={percent} animated={!download.totalBytes || download.state === 'verifying'} striped={!download.totalBytes} aria-label={t('matsimReleases.downloadProgress')} />
      <Text size="xs" c="dimmed">
        {download.state === 'verifying'
          ? t('matsimReleases.verifying')
          : total
            ? t('matsimReleases.megabytesOf', { received, total })
            : t('matsimReleases.megabytes', { received })}
      </Text>
    </Stack>
  );
}

/** The upload of a release zip: choose, upload with a progress bar, the server's check as the answer. */
function UploadRelease({ onDone }: { onDone: (text: string, ok: boolean) => void }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const tooLarge = file !== null && file.size > MATSIM_RELEASE_UPLOAD_MAX;

  const upload = async () => {
    if (!file || tooLarge) return;
    setError(undefined);
    setProgress(0);
    try {
      const answer = await uploadMatsimRelease(file, setProgress);
      setFile(null);
      onDone(t('matsimReleases.uploadDone', { version: answer.version, size: formatBytes(answer.size, i18n.language) }), true);
    } catch (err) {
      setError(t('matsimReleases.uploadFailed', { name: file.name, message: (err as Error).message }));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('matsimReleases.uploadIntro', { max: formatBytes(MATSIM_RELEASE_UPLOAD_MAX, i18n.language) })}</Text>
      <Group align="flex-end" gap="sm">
        <FileInput
          label={t('matsimReleases.uploadLabel')}
          placeholder={t('matsimReleases.uploadPlaceholder')}
          accept=".zip,application/zip"
          leftSection={<IconFileZip size={16} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(undefined);
          }}
          error={tooLarge ? t('matsimReleases.tooLarge', { max: formatBytes(MATSIM_RELEASE_UPLOAD_MAX, i18n.language) }) : undefined}
          clearable
          w={360}
          disabled={progress !== undefined}
        />
        <Button onClick={() => void upload()} disabled={!file || tooLarge} loading={progress !== undefined}>
          {t('matsimReleases.upload')}
        </Button>
      </Group>
      {progress !== undefined && (
        <Stack gap={4} maw={480}>
          <Progress value={progress * 100} aria-label={t('matsimReleases.uploadProgress')} />
          <Text size="xs" c="dimmed">
            {t('matsimReleases.uploadPercent', { percent: Math.round(progress * 100) })}
          </Text>
        </Stack>
      )}
      {error && (
        <Text c="red" role="alert" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
