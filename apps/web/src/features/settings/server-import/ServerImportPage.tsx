import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFeatures, saveSettings, useAdminFeatures, useAdminSettings, useRefreshSettings } from '../../../api/administration.ts';
import { errorStatus } from '../../../api/client.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { Section } from '../../../components/Section.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { SETTINGS_PATH } from '../settingsPaths.ts';

type SaveState = 'idle' | 'saving' | 'saved';

/**
 * Settings > Import Runs from Server (spec 3 §2.16 calls the page "Local Run Import"; the card's name is kept), /settings/server-import (spec 3 §2.16, §4): the root directory is saved first, then
 * the feature flag runImportFromServer. The path has no client-side rule (spec 3 §5).
 */
export function ServerImportPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tt } = useTranslation();
  const settings = useAdminSettings();
  const features = useAdminFeatures();
  const refresh = useRefreshSettings();
  const [enabled, setEnabled] = useState(false);
  const [root, setRoot] = useState('');
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (settings.data) setRoot(settings.data.runImportServerPath);
  }, [settings.data]);
  useEffect(() => {
    if (features.data) setEnabled(features.data.runImportFromServer);
  }, [features.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('saving');
    setError(undefined);
    try {
      // A refused root (400: "/", holding DATA_DIR or inside it) says why in the server's words.
      await saveSettings({ runImportServerPath: root }).catch((failure: unknown) =>
        Promise.reject(errorStatus(failure) === 400 ? failure : new Error(t('accounts.settingsSaveFailed'))),
      );
      await saveFeatures({ runImportFromServer: enabled }).catch(() => Promise.reject(new Error(t('accounts.featuresSaveFailed'))));
      setState('saved');
      await refresh();
    } catch (failure) {
      setState('idle');
      setError((failure as Error).message);
    }
  };
  const edit = () => state === 'saved' && setState('idle');
  const loadFailed = settings.isError ? t('accounts.settingsLoadFailed') : features.isError ? t('accounts.featuresLoadFailed') : undefined;

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tt('titles.settings'), to: SETTINGS_PATH }, { label: t('serverImport.title') }]} />
      <Title order={2}>{t('serverImport.title')}</Title>
      {loadFailed && <Text c="red" role="alert">{loadFailed}</Text>}
      <Section title={tt('titles.serverImport')}>
        <form onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Checkbox
              label={t('serverImport.enable')}
              checked={enabled}
              disabled={!features.data}
              onChange={(e) => {
                setEnabled(e.currentTarget.checked);
                edit();
              }}
            />
            <Alert color="orange" title={t('serverImport.riskTitle')} icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t('serverImport.risk')}
            </Alert>
            <TextInput
              label={t('serverImport.root')}
              placeholder={t('serverImport.rootPlaceholder')}
              value={root}
              disabled={!settings.data}
              onChange={(e) => {
                setRoot(e.currentTarget.value);
                edit();
              }}
            />
            {error && <Text c="red" role="alert">{error}</Text>}
            <Group justify="flex-end">
              <Button type="submit" disabled={state === 'saving' || !settings.data || !features.data}>
                {state === 'saving' ? t('serverImport.saving') : state === 'saved' ? t('serverImport.saved') : t('serverImport.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Section>
    </Stack>
  );
}
