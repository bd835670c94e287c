/**
 * Duplicating a departure (spec 2 §2, §5, §9): how many copies (0 to 1000) and the interval between them (seconds,
 * HH:MM or HH:MM:SS); a preview of the new times, with an ellipsis at 8 or more repetitions; Duplicate saves the
 * route's departures with the copies after the departure.
 */
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { TransitRoute } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { DUPLICATE_MAX, duplicateCount, duplicateDepartures, duplicatePreview } from './duplicate.ts';
import { lineDepartureIds } from './ids.ts';
import { formatTime, parseTime } from './time.ts';

/** The interval offered first: ten minutes. */
const DEFAULT_INTERVAL = '00:10:00';

export function DuplicateDialog({ lineId, route, index, onClose }: { lineId: string; route: TransitRoute; index: number; onClose: () => void }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const [countText, setCountText] = useState<number | string>(1);
  const [intervalText, setIntervalText] = useState(DEFAULT_INTERVAL);
  const source = route.departures[index]!;
  const count = duplicateCount(countText);
  const interval = parseTime(intervalText);

  const apply = () => {
    if (count === undefined) return;
    if (count > 0) {
      const taken = lineDepartureIds(graph, lineId, route.id, []);
      store.perform({ type: 'route/updateDepartures', lineId, routeId: route.id, departures: duplicateDepartures(route.departures, index, count, interval, taken) });
    }
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('panels.line.duplicate.title', { id: source.id, time: formatTime(source.departureTime) })} centered>
      <Stack gap="sm">
        <NumberInput
          label={t('panels.line.duplicate.count')}
          value={countText}
          onChange={setCountText}
          min={0}
          max={DUPLICATE_MAX}
          allowDecimal={false}
          clampBehavior="none"
          error={count === undefined ? t('panels.line.duplicate.countRange', { max: DUPLICATE_MAX }) : undefined}
          data-autofocus
        />
        <TextInput
          label={t('panels.line.duplicate.interval')}
          description={t('panels.line.duplicate.intervalHint', { seconds: interval })}
          value={intervalText}
          onChange={(event) => setIntervalText(event.currentTarget.value)}
        />
        <div>
          <Text size="sm" fw={500}>
            {t('panels.line.duplicate.preview')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="duplicate-preview">
            {count ? duplicatePreview(source.departureTime, count, interval) : t('panels.line.duplicate.nothing')}
          </Text>
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('panels.line.cancel')}
          </Button>
          <Button onClick={apply} disabled={count === undefined}>
            {t('panels.line.duplicate.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
