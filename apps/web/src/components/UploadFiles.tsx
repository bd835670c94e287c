import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus } from '../api/client.ts';

/** Uploads one file, reporting the fraction sent (0..1). */
export type UploadTask = (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;

export interface UploadItem {
  id: number;
  name: string;
  /** 0..1 */
  progress: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
}

/** A finished upload stays visible for a moment so the full bar can be seen. */
const DONE_VISIBLE_MS = 1500;

/** Runs uploads side by side and keeps one progress entry per file. */
export function useUploads(task: UploadTask) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const update = (id: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  const start = (files: File[]) => {
    for (const file of files) {
      const id = (nextId.current += 1);
      setItems((list) => [...list, { id, name: file.name, progress: 0, status: 'uploading' }]);
      task(file, (progress) => update(id, { progress }))
        .then(() => {
          update(id, { progress: 1, status: 'done' });
          timers.current.push(window.setTimeout(() => dismiss(id), DONE_VISIBLE_MS));
        })
        .catch((error: unknown) => {
          // Without an answer (e.g. a server that closes the connection on a too-large body) there is no server text.
          const message = errorStatus(error) === 0 || !(error instanceof Error) ? t('upload.connectionLost') : error.message;
          update(id, { status: 'error', error: message });
        });
    }
  };
  return { items, start, dismiss, busy: items.some((item) => item.status === 'uploading') };
}

/** "Upload files": choose several files at once. */
export function UploadButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  return (
    <FileButton multiple onChange={(files) => files.length > 0 && onFiles(files)}>
      {(props) => (
        <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
          {t('upload.button')}
        </Button>
      )}
    </FileButton>
  );
}

/** One progress bar with percent per upload; failures stay with the server's text until dismissed. */
export function UploadProgressList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" aria-label={t('upload.listLabel')} role="list">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        const failed = item.status === 'error';
        return (
          <Stack key={item.id} gap={4} role="listitem">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {item.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c={failed ? 'red' : 'dimmed'}>
                  {failed ? t('upload.failed') : item.status === 'done' ? t('upload.done') : `${percent}%`}
                </Text>
                {failed && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('upload.dismiss', { name: item.name })}
                    onClick={() => onDismiss(item.id)}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Group>
            <Progress
              value={percent}
              color={failed ? 'red' : item.status === 'done' ? 'teal' : undefined}
              animated={item.status === 'uploading'}
              aria-label={t('upload.progressLabel', { name: item.name })}
            />
            {failed && item.error && (
              <Text size="sm" c="red" role="alert">
                {t('upload.error', { name: item.name, message: item.error })}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
