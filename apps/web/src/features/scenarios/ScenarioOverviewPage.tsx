import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCrs } from '../../api/catalogues.ts';
import { CrsDetected, detectedCrsOf } from '../../components/CrsDetected.tsx';
import { ScenarioFiles } from '../files/ScenarioFiles.tsx';
import { ChangesetsSection } from './ChangesetsSection.tsx';
import { RunsSection } from './RunsSection.tsx';
import { ScenarioActions } from './ScenarioActions.tsx';
import { useCurrentScenario } from './ScenarioContext.ts';
import { ScenarioPreview } from './ScenarioPreview.tsx';

/** The coordinate system of the scenario: code and name, and where it came from when a file named it. */
function CrsLine({ code, attributes }: { code: string | undefined; attributes: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { crs } = useCrs(code);
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {t('scenario.crs')}
        </Text>
        <Text size="sm" data-testid="scenario-crs">
          {code ? (crs ? `${crs.code} – ${crs.name}` : code) : t('scenario.noCrs')}
        </Text>
      </Group>
      <CrsDetected detected={detectedCrsOf(attributes)} current={code} />
    </Stack>
  );
}

/** Scenario overview, /{group}/{scenario} (spec 1 §2.10). */
export function ScenarioOverviewPage() {
  const scenario = useCurrentScenario();
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap="md" style={{ minWidth: 0 }}>
          <Stack gap={6}>
            <Title order={2}>{scenario.name}</Title>
            {scenario.description ? (
              <Text style={{ whiteSpace: 'pre-wrap' }}>{scenario.description}</Text>
            ) : (
              <Text c="dimmed">{t('scenario.noDescription')}</Text>
            )}
            <CrsLine code={scenario.attributes.__crs} attributes={scenario.attributes} />
          </Stack>
          <ScenarioActions scenario={scenario} />
        </Stack>
        <Paper withBorder w={240} visibleFrom="md" style={{ overflow: 'hidden', flexShrink: 0 }}>
          <Box>
            <ScenarioPreview scenario={scenario} height={150} />
          </Box>
        </Paper>
      </Group>
      <ScenarioFiles scenario={scenario} />
      <ChangesetsSection scenario={scenario} />
      <RunsSection scenario={scenario} />
    </Stack>
  );
}
