/** The metrics dashboard's presets (spec 3 §2.17, §5): save the current choice by name, load, delete. */
import type { MetricPreset, MetricPresetRequest, SaveMetricPresetAnswer } from '@corridor/contract';
import type { MetricTimeRange } from './metricsChart.ts';
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteMetricPreset } from '../../api/system.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DeleteIconButton } from '../../components/DeleteIconButton.tsx';
import { Section } from '../../components/Section.tsx';
import { METRICS_NS } from './i18n/index.ts';
import { presetNamed } from './metricsChart.ts';

interface PresetsPanelProps {
  presets: readonly MetricPreset[];
  current: Omit<MetricPresetRequest, 'name'>;
  onLoad: (preset: MetricPreset) => void;
  onSave: (preset: MetricPresetRequest) => Promise<SaveMetricPresetAnswer>;
  saving: boolean;
}

export function PresetsPanel({ presets, current, onLoad, onSave, saving }: PresetsPanelProps) {
  const { t } = useTranslation(METRICS_NS);
  const remove = useDeleteMetricPreset();
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async () => {
    setConfirming(null);
    try {
      const { preset } = await onSave({ name: name.trim(), ...current });
      setMessage({ ok: true, text: t('saved', { name: preset.name }) });
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    }
  };
  const deletePreset = (preset: MetricPreset) => {
    setMessage(null);
    remove.mutate(preset.id, { onError: (err) => setMessage({ ok: false, text: t('deleteFailed', { name: preset.name, message: err.message }) }) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const existing = presetNamed(presets, name);
    if (existing) setConfirming(existing.name);
    else void save();
  };

  return (
    <Section title={t('presets')}>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput label={t('presetName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
          <Button type="submit" disabled={name.trim() === '' || current.settings.series.length === 0} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </form>
      {message && (
        <Text size="sm" c={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Text>
      )}
      {presets.length === 0 ? (
        <Text c="dimmed">{t('noPresets')}</Text>
      ) : (
        <Table aria-label={t('presets')}>
          <Table.Tbody>
            {presets.map((preset) => (
              <Table.Tr key={preset.id}>
                <Table.Td>{preset.name}</Table.Td>
                <Table.Td c="dimmed">{t('rangeOf', { range: t(`ranges.${preset.timeRange as MetricTimeRange}`), count: preset.settings.series.length })}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="light" aria-label={t('loadPreset', { name: preset.name })} onClick={() => onLoad(preset)}>
                      {t('load')}
                    </Button>
                    <DeleteIconButton tooltip={t('delete')} label={t('deletePreset', { name: preset.name })} onClick={() => deletePreset(preset)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={t('overwriteTitle')}
        text={t('overwriteText', { name: confirming ?? '' })}
        confirmLabel={t('overwrite')}
        cancelLabel={t('cancel')}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(null)}
      />
    </Section>
  );
}
