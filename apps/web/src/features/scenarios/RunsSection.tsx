import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section.tsx';

/** Runs of the scenario; none can exist before runs arrive (issue 6). */
export function RunsSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('scenario.runsHeading')}>
      <Text c="dimmed">{t('scenario.noRuns')}</Text>
    </Section>
  );
}
