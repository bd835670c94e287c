/** One inline field of a stop (Id or Name): saved on Enter or on leaving it, Escape puts the value back (spec 2 §2, §5). */
import { TextInput } from '@mantine/core';
import type { TransitStop } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { stopIdError, stopUpdate } from './stopEdits.ts';

export function StopField({ stop, field, onSaved }: { stop: TransitStop; field: 'id' | 'name'; onSaved?: (stop: TransitStop) => void }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const editMode = useEditor((state) => state.editMode);
  const [value, setValue] = useState(stop[field]);
  const error = field === 'id' ? stopIdError(graph, stop.id, value) : undefined;
  const save = () => {
    const mod = stopUpdate(graph, stop, field, value);
    if (!mod) {
      if (!error) setValue(stop[field]);
      return;
    }
    if (store.perform(mod) === undefined && mod.type === 'transitStop/update') onSaved?.(mod.stop);
  };
  return (
    <TextInput
      size="xs"
      label={t(`panels.stop.${field}`)}
      value={value}
      readOnly={!editMode}
      error={error && t(`panels.stop.errors.${error}`)}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') setValue(stop[field]);
      }}
    />
  );
}
