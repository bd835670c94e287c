/**
 * Departures from a CSV file (spec 2 §5): the file is read, then a confirmation says how many departures replace
 * how many and how many rows were skipped (no departureTime); confirming saves them as the route's departures.
 */
import { Button, FileButton } from '@mantine/core';
import type { TransitRoute } from '@corridor/contract';
import { IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../../components/ConfirmModal.tsx';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditorStore } from '../../../state/context.ts';
import { departuresFromCsv, type CsvImport as Imported } from './csv.ts';
import { lineDepartureIds } from './ids.ts';

export function CsvImport({ lineId, route }: { lineId: string; route: TransitRoute }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  // The file read stays while the confirmation closes (its texts do not empty during the transition).
  const [read, setRead] = useState<(Imported & { name: string }) | null>(null);
  const [opened, setOpened] = useState(false);
  // Cleared after each file, so the same file can be chosen again.
  const resetRef = useRef<() => void>(null);

  const open = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    resetRef.current?.();
    const taken = lineDepartureIds(store.getState().graph, lineId, route.id, []);
    setRead({ ...departuresFromCsv(text, taken), name: file.name });
    setOpened(true);
  };
  const confirm = () => {
    if (read) store.perform({ type: 'route/updateDepartures', lineId, routeId: route.id, departures: read.departures });
    setOpened(false);
  };

  return (
    <>
      <FileButton resetRef={resetRef} onChange={(file) => void open(file)} accept=".csv,text/csv,text/plain">
        {(props) => (
          <Button {...props} size="xs" variant="default" leftSection={<IconFileImport size={14} aria-hidden />}>
            {t('panels.line.csv.import')}
          </Button>
        )}
      </FileButton>
      <ConfirmModal
        opened={opened}
        title={t('panels.line.csv.title', { name: read?.name ?? '' })}
        text={
          read
            ? `${t('panels.line.csv.replace', { count: read.departures.length, existing: route.departures.length })}${read.skipped > 0 ? ` ${t('panels.line.csv.skipped', { count: read.skipped })}` : ''}`
            : ''
        }
        confirmLabel={t('panels.line.csv.confirm')}
        cancelLabel={t('panels.line.cancel')}
        onConfirm={confirm}
        onCancel={() => setOpened(false)}
      />
    </>
  );
}
