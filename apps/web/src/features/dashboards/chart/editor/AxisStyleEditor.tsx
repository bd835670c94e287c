/** Axis styles of the Styling Options: a value axis (type, label, divisor, prefix, postfix, min, max) and a binned one. */
import { AXIS_TYPES, type AxisStyle, type BinnedAxisStyle } from '@corridor/contract';
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';

/** Empty inputs clear the field (undefined), so a chart keeps only what the user set. */
const orUndefined = (v: string | number) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const nonZero = (v: string | number) => (typeof v === 'number' && v !== 0 && Number.isFinite(v) ? v : undefined);
const text = (v: string) => (v === '' ? undefined : v);

export function AxisStyleEditor({ legend, style, onChange }: { legend: string; style: AxisStyle | undefined; onChange: (s: AxisStyle) => void }) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const s = style ?? {};
  const set = (patch: Partial<AxisStyle>) => onChange({ ...s, ...patch });
  return (
    <Fieldset legend={legend} p="xs">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        <Select
          size="xs"
          label={t('chart.editor.settings.axisType')}
          data={AXIS_TYPES.map((a) => ({ value: a, label: t(`chart.editor.settings.axisTypes.${a}`) }))}
          value={s.axisType ?? 'value'}
          onChange={(a) => set({ axisType: (a ?? 'value') as AxisStyle['axisType'] })}
          allowDeselect={false}
        />
        <TextInput size="xs" label={t('chart.editor.settings.label')} value={s.label ?? ''} onChange={(e) => set({ label: text(e.currentTarget.value) })} />
        <NumberInput size="xs" label={t('chart.editor.settings.divisor')} value={s.valueDivisor ?? ''} onChange={(v) => set({ valueDivisor: nonZero(v) })} />
        <TextInput size="xs" label={t('chart.editor.settings.prefix')} value={s.prefix ?? ''} onChange={(e) => set({ prefix: text(e.currentTarget.value) })} />
        <TextInput size="xs" label={t('chart.editor.settings.postfix')} value={s.postfix ?? ''} onChange={(e) => set({ postfix: text(e.currentTarget.value) })} />
        <NumberInput size="xs" label={t('chart.editor.settings.min')} value={s.min ?? ''} onChange={(v) => set({ min: orUndefined(v) })} />
        <NumberInput size="xs" label={t('chart.editor.settings.max')} value={s.max ?? ''} onChange={(v) => set({ max: orUndefined(v) })} />
      </SimpleGrid>
    </Fieldset>
  );
}

export function BinnedAxisStyleEditor({ style, onChange }: { style: BinnedAxisStyle | undefined; onChange: (s: BinnedAxisStyle) => void }) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const s = style ?? {};
  const set = (patch: Partial<BinnedAxisStyle>) => onChange({ ...s, ...patch });
  return (
    <Fieldset legend={t('chart.editor.settings.binnedAxis')} p="xs">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        <TextInput size="xs" label={t('chart.editor.settings.label')} value={s.label ?? ''} onChange={(e) => set({ label: text(e.currentTarget.value) })} />
        <NumberInput size="xs" label={t('chart.editor.settings.divisor')} value={s.divisor ?? ''} onChange={(v) => set({ divisor: nonZero(v) })} />
        <NumberInput size="xs" label={t('chart.editor.settings.minBin')} value={s.minBin ?? ''} onChange={(v) => set({ minBin: orUndefined(v) })} />
        <NumberInput size="xs" label={t('chart.editor.settings.maxBin')} value={s.maxBin ?? ''} onChange={(v) => set({ maxBin: orUndefined(v) })} />
      </SimpleGrid>
      <Checkbox mt="xs" size="xs" label={t('chart.editor.settings.shortenBinNames')} checked={s.shortenBinNames ?? false} onChange={(e) => set({ shortenBinNames: e.currentTarget.checked })} />
    </Fieldset>
  );
}
