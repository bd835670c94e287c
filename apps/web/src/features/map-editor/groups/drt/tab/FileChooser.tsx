/**
 * The file chooser of one DRT group (spec 2 §2 "DRT tab"): the scenario's files of the kind, or none. Choosing one
 * names it in the changeset's baseFile and the DRT loader loads it (spec 2 §4). Locked while the group has unsaved
 * changes.
 */
import { Select } from '@mantine/core';
import type { DrtFileKind } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { useEditorEnv } from '../../../state/env.ts';
import { chosenDrtFile } from '../files.ts';
import { hasUnsaved, NO_FILE } from './files.ts';
import { Locked } from './Locked.tsx';

const NO_FILES = { vehicles: [], stops: [], serviceArea: [] };

export function FileChooser({ kind }: { kind: DrtFileKind }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const files = useEditorEnv().drtFiles ?? NO_FILES;
  const baseFile = useEditor((state) => state.baseFile);
  const locked = useEditor((state) => hasUnsaved(state.lists.unsaved, kind));
  const chosen = chosenDrtFile(baseFile, files, kind);
  const options = files[kind].map((file) => ({ value: String(file.id), label: file.name }));
  // A file the baseFile names that is no longer in the scenario still shows by its name (`#id`).
  if (chosen && !options.some((option) => option.value === String(chosen.id))) options.push({ value: String(chosen.id), label: chosen.name });
  return (
    <Locked locked={locked}>
      <Select
        size="xs"
        label={t(`drtTab.file.${kind}`)}
        data={[{ value: NO_FILE, label: t('drtTab.file.none') }, ...options]}
        value={chosen ? String(chosen.id) : NO_FILE}
        onChange={(value) => value && store.chooseDrtFile(kind, value === NO_FILE ? null : Number(value))}
        allowDeselect={false}
        disabled={locked}
        description={options.length === 0 ? t('drtTab.file.empty') : undefined}
        data-testid={`drt-file-${kind}`}
      />
    </Locked>
  );
}
