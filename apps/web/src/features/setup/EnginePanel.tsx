import { ENGINE_VERSIONS, type EngineVersion } from '@corridor/contract';
import { Checkbox, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface EngineChoice {
  download: boolean;
  version: EngineVersion;
}

interface EnginePanelProps {
  choice: EngineChoice;
  onChange: (choice: EngineChoice) => void;
}

function isEngineVersion(value: string | null): value is EngineVersion {
  return (ENGINE_VERSIONS as readonly (string | null)[]).includes(value);
}

/** Optional engine download (spec 1 §2.6). */
export function EnginePanel({ choice, onChange }: EnginePanelProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('setup.engine.heading')}</Title>
      <Text>{t('setup.engine.intro')}</Text>
      <Checkbox
        label={t('setup.engine.download')}
        checked={choice.download}
        onChange={(event) => onChange({ ...choice, download: event.currentTarget.checked })}
      />
      <Select
        label={t('setup.engine.version')}
        data={[...ENGINE_VERSIONS]}
        value={choice.version}
        allowDeselect={false}
        onChange={(value) => isEngineVersion(value) && onChange({ ...choice, version: value })}
        maw={240}
      />
      <Text c="dimmed" size="sm">
        {t('setup.engine.later')}
      </Text>
    </Stack>
  );
}
