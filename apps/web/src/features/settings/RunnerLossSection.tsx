import { Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings, useAdminSettings, useRefreshSettings } from '../../api/administration.ts';
import { Section } from '../../components/Section.tsx';
import { ADMIN_NS } from './i18n/administration.ts';

/**
 * The runners page's lost-runner setting (issue 26; administrators): a run whose runner stops sending heartbeats
 * before the run ended goes back to the queue once instead of failing. Saved as soon as it is switched.
 */
export function RunnerLossSection() {
  const { t } = useTranslation(ADMIN_NS);
  const settings = useAdminSettings();
  const refresh = useRefreshSettings();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? settings.data?.runRequeueOnRunnerLoss ?? false;

  const change = async (value: boolean) => {
    setPending(value);
    setState('saving');
    try {
      await saveSettings({ runRequeueOnRunnerLoss: value });
      await refresh();
      setState('saved');
    } catch {
      setState('failed');
    } finally {
      setPending(null);
    }
  };

  return (
    <Section title={t('runnerLoss.title')}>
      <Stack gap="xs">
        {settings.isError && <Text c="red" role="alert">{t('accounts.settingsLoadFailed')}</Text>}
        <Switch
          label={t('runnerLoss.requeue')}
          description={t('runnerLoss.explanation')}
          checked={checked}
          disabled={!settings.data || state === 'saving'}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {state === 'saved' && (
          <Text size="sm" c="green" role="status">
            {t('runnerLoss.saved')}
          </Text>
        )}
        {state === 'failed' && (
          <Text size="sm" c="red" role="alert">
            {t('runnerLoss.saveFailed')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
