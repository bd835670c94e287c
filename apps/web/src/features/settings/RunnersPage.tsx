import { ADMIN_ROLE } from '@corridor/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunnerTokens } from '../../api/runners.ts';
import { useSessionUser } from '../../api/session.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { Section } from '../../components/Section.tsx';
import { ActiveRunnersTable } from './ActiveRunnersTable.tsx';
import { RunnerDownloadPanel } from './RunnerDownloadPanel.tsx';
import { RunnerTokensTable } from './RunnerTokensTable.tsx';
import { RunOutputLimitsSection } from './RunOutputLimitsSection.tsx';
import { SETTINGS_PATH } from './settingsPaths.ts';

/** Runners, /settings/runners (spec 3 §2.9): runner tokens, how to start a runner, the connected runners; for administrators the runs' output limits. */
export function RunnersPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = user.roles.includes(ADMIN_ROLE);
  const tokens = useRunnerTokens();
  const [downloadOpen, setDownloadOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: t('titles.settings'), to: SETTINGS_PATH }, { label: t('titles.runners') }]} />
      <Title order={2}>{t('titles.runners')}</Title>
      {tokens.isError && (
        <Text c="red" role="alert">
          {t('runners.loadFailed')}
        </Text>
      )}
      <Section
        title={t('runners.tokensHeading')}
        aside={
          <Anchor component="button" type="button" onClick={() => setDownloadOpen(true)}>
            {t('runners.download')}
          </Anchor>
        }
      >
        {tokens.isPending ? <Text c="dimmed">{t('common.loading')}</Text> : <RunnerTokensTable tokens={tokens.data ?? []} isAdmin={isAdmin} />}
      </Section>
      <Section title={t('runners.activeHeading')}>
        <ActiveRunnersTable tokens={tokens.data ?? []} />
      </Section>
      {isAdmin && <RunOutputLimitsSection />}
      <RunnerDownloadPanel opened={downloadOpen} onClose={() => setDownloadOpen(false)} tokens={tokens.data ?? []} />
    </Stack>
  );
}
