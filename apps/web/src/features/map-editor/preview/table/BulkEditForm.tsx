import { Button, Group, NumberInput, SimpleGrid, TagsInput } from '@mantine/core';
import type { NetworkLink } from '@corridor/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NUMERIC_FIELDS } from '../link/linkForm.ts';
import type { bulkEdit } from './bulk.ts';
import { commonValues } from './tableModel.ts';

type Edit = Parameters<typeof bulkEdit>[1];

/**
 * Edit all / edit selected (spec 2 §2): fields start with the value the links share; a field whose values differ
 * starts empty ("Mixed — unchanged") and stays unchanged unless something is typed.
 */
export function BulkEditForm({ links, onApply, onCancel }: { links: readonly NetworkLink[]; onApply: (edit: Edit) => void; onCancel: () => void }) {
  const { t } = useTranslation('editor');
  const common = useMemo(() => commonValues(links), [links]);
  const [values, setValues] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(NUMERIC_FIELDS.map((field) => [field, common[field] ?? ''])),
  );
  const [modes, setModes] = useState<string[] | undefined>(common.modes);

  const apply = () => {
    const edit: Edit = {};
    for (const field of NUMERIC_FIELDS) {
      const value = values[field];
      if (value !== '' && value !== undefined && Number.isFinite(Number(value))) edit[field] = Number(value);
    }
    if (modes && modes.length > 0) edit.modes = modes;
    onApply(edit);
  };
  const mixed = t('panels.table.mixed');

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <SimpleGrid cols={2} spacing="xs">
        {NUMERIC_FIELDS.map((field) => (
          <NumberInput
            key={field}
            size="xs"
            min={0}
            label={t(`panels.fields.${field}`)}
            placeholder={common[field] === undefined ? mixed : undefined}
            value={values[field]}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          />
        ))}
        <TagsInput
          size="xs"
          label={t('panels.fields.modes')}
          placeholder={common.modes === undefined && !modes?.length ? mixed : undefined}
          value={modes ?? []}
          onChange={setModes}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('panels.table.cancel')}
        </Button>
        <Button size="xs" type="submit">
          {t('panels.table.apply')}
        </Button>
      </Group>
    </form>
  );
}
