import type { Dataset } from '@corridor/contract';
import { Button, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconMap, IconPlayerPlay, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileUrls } from '../../api/files.ts';
import { isNetworkProcessing, networkJob } from '../../api/scenarios.ts';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { editFilePath, scenarioPath } from './scenarioPaths.ts';
import { canStartRun, configFile } from './scenarioRules.ts';
import { useEditorAvailability } from './useEditorAvailability.ts';

interface ActionProps {
  to: string | undefined;
  icon: ReactNode;
  label: string;
  /** Why the action is unavailable; shown as tooltip of the disabled button. */
  reason?: string;
  variant?: string;
}

/** A link button, or a disabled button saying why when there is nowhere to go. */
function Action({ to, icon, label, reason, variant = 'default' }: ActionProps) {
  if (to) {
    return (
      <Button component={Link} to={to} variant={variant} leftSection={icon}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={reason} disabled={!reason} withArrow>
      {/* A disabled button gets no pointer events; the wrapper still shows the reason. */}
      <span>
        <Button disabled variant={variant} leftSection={icon}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The overview's buttons and their rules (spec 1 §2.10). */
export function ScenarioActions({ scenario }: { scenario: Dataset }) {
  const { t } = useTranslation();
  const config = configFile(scenario.files);
  const editorAvailable = useEditorAvailability(scenario);
  const job = networkJob(scenario);
  const processing = isNetworkProcessing(scenario);

  return (
    <Group gap="sm">
      <Action to={scenarioPath(scenario, 'edit')} icon={<IconEdit size={16} aria-hidden />} label={t('scenario.edit')} />
      <Action
        to={config && editFilePath(scenario, config)}
        icon={<IconSettings size={16} aria-hidden />}
        label={t('scenario.editConfiguration')}
        reason={t('scenario.noConfig')}
      />
      <Group gap={6}>
        <Action
          to={editorAvailable ? scenarioPath(scenario, 'editor') : undefined}
          icon={<IconMap size={16} aria-hidden />}
          label={t('scenario.editor')}
          reason={processing ? t('scenario.networkProcessing') : t('scenario.editorUnavailable')}
        />
        {job?.status === 'FAILED' && (
          <StatusIcon
            status="FAILED"
            tooltip={t('scenario.networkFailed')}
            href={job.fileId === undefined ? undefined : fileUrls.derived(job.fileId, job.logFile)}
          />
        )}
        {processing && <StatusIcon status={job?.status} tooltip={t('scenario.networkProcessing')} spinWhileStarted />}
      </Group>
      <Action
        to={canStartRun(scenario.files) ? scenarioPath(scenario, 'schedule-run') : undefined}
        icon={<IconPlayerPlay size={16} aria-hidden />}
        label={t('scenario.startRun')}
        reason={t('scenario.startRunNeeds')}
        variant="filled"
      />
    </Group>
  );
}
