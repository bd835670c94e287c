/**
 * A transit line's tab in the bottom area (spec 2 §2 "Transit line tab"): the Line card and the Routes card, or,
 * while the Public Transport layer is off, only the alert asking to turn it on. The lead's tab list closes the tab
 * when the line disappears; until then it says so.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { lineOf } from '@corridor/changesets';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor } from '../../../state/context.ts';
import { LineCard } from './LineCard.tsx';
import { RoutesCard } from './RoutesCard.tsx';

export function LineTab({ lineId }: { lineId: string }) {
  const { t } = useTranslation(EDITOR_NS);
  const transitOn = useEditor((state) => state.layers.transit);
  const exists = useEditor((state) => lineOf(state.graph, lineId) !== undefined);
  if (!transitOn) {
    return (
      <Alert color="yellow" title={t('panels.line.deactivated.title')} icon={<IconInfoCircle aria-hidden />} role="alert">
        {t('panels.line.deactivated.text')}
      </Alert>
    );
  }
  if (!exists) {
    return (
      <Text size="sm" c="dimmed">
        {t('panels.line.gone', { id: lineId })}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid={`line-tab-${lineId}`}>
      <LineCard lineId={lineId} />
      <RoutesCard lineId={lineId} />
    </Stack>
  );
}
