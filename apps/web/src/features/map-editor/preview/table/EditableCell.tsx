import { NumberInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumericField } from './tableModel.ts';

interface EditableCellProps {
  linkId: string;
  field: NumericField;
  value: number;
  editable: boolean;
  onCommit: (value: number) => void;
}

const format = (value: number) => String(Math.round(value * 100) / 100);

/** A number cell edited in place (spec 2 §2): click opens an input, Enter or leaving commits, Escape cancels. */
export function EditableCell({ linkId, field, value, editable, onCommit }: EditableCellProps) {
  const { t } = useTranslation('editor');
  const [draft, setDraft] = useState<number | string | null>(null);
  if (!editable) return <>{format(value)}</>;
  const label = t('panels.table.cellLabel', { field: t(`panels.table.columns.${field}`), id: linkId });
  if (draft === null) {
    return (
      <UnstyledButton fz="sm" aria-label={label} onClick={() => setDraft(value)} style={{ minWidth: 40 }}>
        {format(value)}
      </UnstyledButton>
    );
  }
  const commit = () => {
    const next = Number(draft);
    setDraft(null);
    if (draft !== '' && Number.isFinite(next) && next >= 0 && next !== value) onCommit(next);
  };
  return (
    <NumberInput
      size="xs"
      w={100}
      autoFocus
      aria-label={label}
      min={0}
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}
