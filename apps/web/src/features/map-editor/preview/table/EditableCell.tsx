import { NumberInput, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberError } from '../link/linkForm.ts';
import type { NumericField } from './tableModel.ts';

interface EditableCellProps {
  linkId: string;
  field: NumericField;
  value: number;
  editable: boolean;
  onCommit: (value: number) => void;
}

const format = (value: number) => String(Math.round(value * 100) / 100);

/**
 * A number cell edited in place (spec 2 §2; issue 25): click opens an input; Enter, Tab or leaving it commits;
 * Escape cancels and puts the link's value back. An invalid number stays in the input with its error and commits
 * nothing.
 */
export function EditableCell({ linkId, field, value, editable, onCommit }: EditableCellProps) {
  const { t } = useTranslation('editor');
  const [draft, setDraft] = useState<number | string | null>(null);
  // Set by Escape: the blur that follows when the input goes away must not commit.
  const cancelled = useRef(false);
  if (!editable) return <>{format(value)}</>;
  const label = t('panels.table.cellLabel', { field: t(`panels.table.columns.${field}`), id: linkId });
  if (draft === null) {
    return (
      <UnstyledButton
        fz="sm"
        aria-label={label}
        onClick={() => {
          cancelled.current = false;
          setDraft(value);
        }}
        style={{ minWidth: 40 }}
      >
        {format(value)}
      </UnstyledButton>
    );
  }
  const error = numberError(draft);
  const commit = () => {
    if (cancelled.current || error) return;
    setDraft(null);
    const next = Number(draft);
    if (next !== value) onCommit(next);
  };
  return (
    <NumberInput
      size="xs"
      w={110}
      autoFocus
      aria-label={label}
      min={0}
      clampBehavior="none"
      value={draft}
      error={error ? t(`panels.errors.${error}`) : undefined}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') {
          event.stopPropagation();
          cancelled.current = true;
          setDraft(null);
        }
      }}
    />
  );
}
