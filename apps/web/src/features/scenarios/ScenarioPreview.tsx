import type { DatasetSummary } from '@corridor/contract';
import { Box, Center } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scenarioPreviewUrl } from '../../api/scenarios.ts';

interface ScenarioPreviewProps {
  scenario: Pick<DatasetSummary, 'id' | 'modified' | 'name'>;
  height: number;
}

/** The scenario's network preview, loaded when it scrolls into view; an icon if it cannot load. */
export function ScenarioPreview({ scenario, height }: ScenarioPreviewProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <Box h={height} bg="var(--mantine-color-default-hover)" style={{ overflow: 'hidden' }}>
      {failed ? (
        <Center h="100%" c="dimmed">
          <IconMap2 size={36} stroke={1.3} aria-hidden />
        </Center>
      ) : (
        <img
          src={scenarioPreviewUrl(scenario)}
          alt={t('scenarios.previewAlt', { name: scenario.name })}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      )}
    </Box>
  );
}
