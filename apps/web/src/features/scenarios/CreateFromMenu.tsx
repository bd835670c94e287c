import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../../api/features.ts';

const FROM_DATASET = ['fromNetwork', 'fromOsm', 'fromGtfs'] as const;

/**
 * Other ways to create a scenario (spec 1 §2.9). None exists yet: each only says so. The
 * create-from-dataset items need the feature scenarioCreateDatasets (spec 1 §6).
 */
export function CreateFromMenu({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const features = useFeatures();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('addScenario.more')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {features.scenarioCreateDatasets &&
          FROM_DATASET.map((item) => (
            <Menu.Item key={item} onClick={onChoose}>
              {t(`addScenario.${item}`)}
            </Menu.Item>
          ))}
        <Menu.Item onClick={onChoose}>{t('addScenario.duplicate')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
