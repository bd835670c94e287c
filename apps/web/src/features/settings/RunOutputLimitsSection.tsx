import { RUN_OUTPUT_MAX_BYTES_LIMIT, RUN_OUTPUT_MAX_FILES_LIMIT } from '@corridor/contract';
import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings, useAdminSettings, useRefreshSettings } from '../../api/administration.ts';
import { SaveRow } from '../../components/SaveRow.tsx';
import { Section } from '../../components/Section.tsx';
import { ADMIN_NS } from './i18n/administration.ts';

const GIB = 1024 ** 3;

/**
 * The runners page's output limits (issue 23; administrators): how many output files a run may have and how many
 * GiB together. The server refuses outputs past them with a line in the run's log; the runner then stops uploading.
 */
export function RunOutputLimitsSection() {
  const { t } = useTranslation(ADMIN_NS);
  const settings = useAdminSettings();
  const refresh = useRefreshSettings();
  const [files, setFiles] = useState<number | string>('');
  const [gib, setGib] = useState<number | string>('');
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!settings.data) return;
    setFiles(settings.data.runOutputMaxFiles);
    setGib(Number((settings.data.runOutputMaxBytes / GIB).toFixed(3)));
  }, [settings.data]);

  const maxBytes = Math.round(Number(gib) * GIB);
  const valid = Number.isInteger(files) && Number(files) >= 1 && maxBytes >= 1 && maxBytes <= RUN_OUTPUT_MAX_BYTES_LIMIT;
  const edit = () => state === 'saved' && setState('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return setError(t('runOutputs.invalid'));
    setState('saving');
    setError(undefined);
    try {
      await saveSettings({ runOutputMaxFiles: Number(files), runOutputMaxBytes: maxBytes });
      setState('saved');
      await refresh();
    } catch {
      setState('idle');
      setError(t('runOutputs.saveFailed'));
    }
  };

  return (
    <Section title={t('runOutputs.title')}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t('runOutputs.explanation')}
          </Text>
          {settings.isError && <Text c="red" role="alert">{t('accounts.settingsLoadFailed')}</Text>}
          <Group grow align="flex-start">
            <NumberInput
              label={t('runOutputs.maxFiles')}
              value={files}
              min={1}
              max={RUN_OUTPUT_MAX_FILES_LIMIT}
              allowDecimal={false}
              thousandSeparator=","
              disabled={!settings.data}
              onChange={(value) => {
                setFiles(value);
                edit();
              }}
            />
            <NumberInput
              label={t('runOutputs.maxGib')}
              value={gib}
              min={0.001}
              decimalScale={3}
              disabled={!settings.data}
              onChange={(value) => {
                setGib(value);
                edit();
              }}
            />
          </Group>
          {error && <Text c="red" role="alert">{error}</Text>}
          <SaveRow saved={state === 'saved'} savedText={t('serverImport.saved')} pending={state === 'saving'} />
        </Stack>
      </form>
    </Section>
  );
}
