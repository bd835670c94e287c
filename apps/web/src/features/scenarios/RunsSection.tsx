import type { Dataset } from '@corridor/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuns } from '../../api/runs.ts';
import { Section } from '../../components/Section.tsx';
import { newestFirst } from '../runs/runList.ts';
import { RunLinkList } from '../runs/RunLinkList.tsx';

/** The scenario's runs on its overview (spec 1 §2.10), newest first, with status icons and links. */
export function RunsSection({ scenario }: { scenario: Dataset }) {
  const { t } = useTranslation();
  const runs = useRuns(scenario.groupId);
  const own = useMemo(() => newestFirst((runs.data ?? []).filter((run) => run.scenario?.id === scenario.id)), [runs.data, scenario.id]);
  return (
    <Section title={t('scenario.runsHeading')}>
      {runs.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : own.length === 0 ? (
        <Text c="dimmed">{t('scenario.noRuns')}</Text>
      ) : (
        <RunLinkList runs={own} label={t('scenario.runsHeading')} />
      )}
    </Section>
  );
}
