/**
 * The state the map editor and the visualizer show instead of a map when a network's coordinates do not fit the
 * CRS it was processed with (issue 24: info.json's `problem`), with a link to the page where the CRS is set.
 */
import type { NetworkCrsProblem } from '@corridor/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMapPinExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface CrsProblemPanelProps {
  problem: NetworkCrsProblem;
  /** The network file's name, when there is more than one to tell apart. */
  fileName?: string;
  /** The visualizer's data source (a run) whose network it is. */
  sourceName?: string;
  /** The page where the CRS is set (the scenario's or the run's edit page); none: no link. */
  settingsPath?: string;
  settingsLabel?: string;
}

export function CrsProblemPanel({ problem, fileName, sourceName, settingsPath, settingsLabel }: CrsProblemPanelProps) {
  const { t } = useTranslation();
  const text =
    problem.kind === 'outside'
      ? t('crs.problem.outside', { crs: problem.crs })
      : problem.kind === 'unknown'
        ? t('crs.problem.unknown', { crs: problem.crs })
        : t('crs.problem.noCrs');
  return (
    <Alert color="orange" icon={<IconMapPinExclamation size={20} />} title={t('crs.problem.title')} role="alert" data-testid="crs-problem">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {(fileName || sourceName) && (
          <Text size="xs" c="dimmed">
            {fileName ? t('crs.problem.file', { file: fileName }) : t('crs.problem.source', { name: sourceName })}
          </Text>
        )}
        {settingsPath && (
          <Button component={Link} to={settingsPath} size="xs" variant="light">
            {settingsLabel ?? t('crs.problem.setCrs')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
