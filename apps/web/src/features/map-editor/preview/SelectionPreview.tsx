import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { idleOf, previewOf } from '../groups/views.ts';
import { useEditor } from '../state/context.ts';
import type { GroupSelection } from '../state/types.ts';

/** The Preview tab's content: what the selection's type shows in its group's view (groups/views.ts), else the tool's or a general hint. */
export function SelectionPreview() {
  const { t } = useTranslation('editor');
  const selection = useEditor((state) => state.selection);
  const tool = useEditor((state) => state.tool);
  const Preview = previewOf(selection.type);
  if (!Preview) {
    // Without a selection it shows: the active tool's hint (Add Vehicle without a link), else the general one.
    const Idle = idleOf(tool);
    return Idle ? <Idle /> : <Text c="dimmed" size="sm">{t('panels.empty')}</Text>;
  }
  return <Preview selection={selection as GroupSelection} />;
}
