import { ADMIN_ROLE, type CreatedRunnerToken } from '@corridor/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineRunners, useRunnerTokens } from '../../api/runners.ts';
import { useSessionUser } from '../../api/session.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { Section } from '../../components/Section.tsx';
import { ActiveRunnersTable } from './ActiveRunnersTable.tsx';
import { NewRunnerTokenAlert } from './NewRunnerTokenAlert.tsx';
import { OnlineRunnersTable } from './OnlineRunnersTable.tsx';
import { RunnerDownloadPanel } from './RunnerDownloadPanel.tsx';
import { RunnerTokensTable } from './RunnerTokensTable.tsx';
import { RunnerLossSection } from './RunnerLossSection.tsx';
import { RunOutputLimitsSection } from './RunOutputLimitsSection.tsx';
import { SETTINGS_PATH } from './settingsPaths.ts';

/**
 * Runners, /settings/runners (spec 3 §2.9, issue 26). Administrators: runner tokens (edit, delete, add with the
 * secret shown once), how to start a runner, the connected runners with their resources, the runs' output limits.
 * Everyone else: which runners are online and whether busy, so they know whether runs will start, and the runner
 * download (spec 3 §2.9: the page and its download link are for everyone; the token comes from an administrator).
 */
export function RunnersPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = user.roles.includes(ADMIN_ROLE);
  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: t('titles.settings'), to: SETTINGS_PATH }, { label: t('titles.runners') }]} />
      <Title order={2}>{t('titles.runners')}</Title>
      {isAdmin ? <AdminRunners /> : <UserRunners />}
    </Stack>
  );
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Text c="red" role="alert">
      {t('runners.loadFailed')}
    </Text>
  );
}

function UserRunners() {
  const { t } = useTranslation();
  const runners = useOnlineRunners(true);
  const [downloadOpen, setDownloadOpen] = useState(false);
  return (
    <>
      {runners.isError && <LoadFailed />}
      <Section
        title={t('runners.onlineHeading')}
        aside={
          <Anchor component="button" type="button" onClick={() => setDownloadOpen(true)}>
            {t('runners.download')}
          </Anchor>
        }
      >
        {runners.isPending ? <Text c="dimmed">{t('common.loading')}</Text> : <OnlineRunnersTable runners={runners.data ?? []} />}
      </Section>
      <Text size="sm" c="dimmed">
        {t('runners.adminOnly')}
      </Text>
      <RunnerDownloadPanel opened={downloadOpen} onClose={() => setDownloadOpen(false)} isAdmin={false} />
    </>
  );
}

function AdminRunners() {
  const { t } = useTranslation();
  const tokens = useRunnerTokens(true);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [created, setCreated] = useState<CreatedRunnerToken | null>(null);
  // A token deleted while its secret is still shown: the secret goes too.
  const shown = created && tokens.data && !tokens.data.some((token) => token.id === created.id) ? null : created;
  return (
    <>
      {tokens.isError && <LoadFailed />}
      <Section
        title={t('runners.tokensHeading')}
        aside={
          <Anchor component="button" type="button" onClick={() => setDownloadOpen(true)}>
            {t('runners.download')}
          </Anchor>
        }
      >
        <Stack gap="md">
          {shown && <NewRunnerTokenAlert token={shown} onDone={() => setCreated(null)} />}
          {tokens.isPending ? <Text c="dimmed">{t('common.loading')}</Text> : <RunnerTokensTable tokens={tokens.data ?? []} onAdded={setCreated} />}
        </Stack>
      </Section>
      <Section title={t('runners.activeHeading')}>
        <ActiveRunnersTable tokens={tokens.data ?? []} />
      </Section>
      <RunOutputLimitsSection />
      <RunnerLossSection />
      <RunnerDownloadPanel opened={downloadOpen} onClose={() => setDownloadOpen(false)} token={shown?.token} />
    </>
  );
}
