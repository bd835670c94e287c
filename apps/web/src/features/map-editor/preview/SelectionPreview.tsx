import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { previewOf } from '../groups/views.ts';
import { useEditor } from '../state/context.ts';
import type { GroupSelection } from '../state/types.ts';

/** The Preview tab's content: what the selection's type shows in its group's view (groups/views.ts), else a hint. */
export function SelectionPreview() {
  const { t } = useTranslation('editor');
  const selection = useEditor((state) => state.selection);
  const Preview = previewOf(selection.type);
  if (!Preview) return <Text c="dimmed" size="sm">{t('panels.empty')}</Text>;
  return <Preview selection={selection as GroupSelection} />;
}
