/**
 * Loads the DRT file chosen for each kind (vehicles, stops, service area: the changeset's baseFile, else the
 * scenario's first file of the kind; groups/drt/files.ts) into the editor's base, replacing the kind's previous
 * file, and clears a kind chosen as none. Shows a badge while loading and a notice naming the file when a load
 * fails (spec 2 §8 has it logged only: it is logged too). Renders only that status.
 */
import { Alert, CloseButton, Group, Stack } from '@mantine/core';
import type { DrtFileKind } from '@corridor/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBadge } from '../../canvas/LoadingBadge.tsx';
import { useDrtData } from '../../../../api/drt.ts';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { chosenDrtFile, DRT_FILE_KINDS, type DrtFiles } from './files.ts';
import { drtDataEntities } from './load.ts';

interface Status {
  readonly loading: boolean;
  readonly problem?: { readonly name: string; readonly message: string };
}

function KindLoader({ kind, files, report }: { kind: DrtFileKind; files: DrtFiles; report: (kind: DrtFileKind, status: Status) => void }) {
  const store = useEditorStore();
  const fileId = useEditor((state) => chosenDrtFile(state.baseFile, files, kind)?.id ?? null);
  const named = useEditor((state) => state.baseFile?.[kind]);
  const data = useDrtData(fileId);
  const name = fileId === null ? '' : (files[kind].find((file) => file.id === fileId)?.name ?? `#${fileId}`);

  useEffect(() => {
    const loaded = store.loadedDrtFile(kind);
    if (fileId === null) {
      if (loaded !== undefined && loaded !== null) store.loadDrt(kind, null, []);
      return;
    }
    if (loaded === fileId) {
      // Loaded already (an opened changeset that names no file of the kind): it is the changeset's base file now.
      if (named !== fileId) store.chooseDrtFile(kind, fileId);
      return;
    }
    if (data.data && !('problem' in data.data && data.data.problem)) store.loadDrt(kind, fileId, drtDataEntities(data.data));
  }, [store, kind, fileId, named, data.data]);

  const message = data.isError ? data.error.message : data.data && 'problem' in data.data && data.data.problem ? data.data.problem.message : undefined;
  useEffect(() => {
    if (message !== undefined) console.error('Failed to load DRT data', name, message);
    report(kind, { loading: fileId !== null && data.isPending, ...(message !== undefined ? { problem: { name, message } } : {}) });
  }, [report, kind, fileId, data.isPending, message, name]);
  return null;
}

export function DrtLoader({ files }: { files: DrtFiles }) {
  const { t } = useTranslation('editor');
  const [statuses, setStatuses] = useState<Partial<Record<DrtFileKind, Status>>>({});
  const [dismissed, setDismissed] = useState<readonly string[]>([]);
  const [report] = useState(() => (kind: DrtFileKind, status: Status) => setStatuses((before) => ({ ...before, [kind]: status })));
  const loading = DRT_FILE_KINDS.some((kind) => statuses[kind]?.loading);
  const problems = DRT_FILE_KINDS.flatMap((kind) => {
    const problem = statuses[kind]?.problem;
    const key = problem ? `${kind}:${problem.name}:${problem.message}` : '';
    return problem && !dismissed.includes(key) ? [{ key, ...problem }] : [];
  });
  return (
    <>
      {DRT_FILE_KINDS.map((kind) => (
        <KindLoader key={kind} kind={kind} files={files} report={report} />
      ))}
      {loading && (
        <LoadingBadge label={t('toolbar.drt.loading')} bottom={72} />
      )}
      {problems.length > 0 && (
        <Stack gap={4} style={{ position: 'absolute', bottom: 8, right: 8, maxWidth: 360, zIndex: 2 }}>
          {problems.map((problem) => (
            <Alert key={problem.key} color="red" role="alert" data-testid="drt-load-error">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <span style={{ flex: 1 }}>{t('toolbar.drt.loadError', { name: problem.name, message: problem.message })}</span>
                <CloseButton size="sm" aria-label={t('toolbar.commands.cancel')} onClick={() => setDismissed((before) => [...before, problem.key])} />
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
    </>
  );
}
