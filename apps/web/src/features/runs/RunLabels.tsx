import { distinctLabels, RUN_LABEL_MAX_LENGTH, RUN_LABELS_MAX, type RunDetails } from '@corridor/contract';
import { Alert, Badge, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetRunLabels } from '../../api/runs.ts';

/**
 * The run's labels as badges: add one with the text field and Enter, remove one with its ×. Whoever sees a run may
 * edit it (dataset rules), so the controls are there for everyone on the run page; the server checks the right.
 */
export function RunLabels({ run }: { run: Pick<RunDetails, 'id' | 'labels'> }) {
  const { t } = useTranslation();
  const save = useSetRunLabels(run.id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const label = text.trim();
    if (label === '') return;
    if (label.length > RUN_LABEL_MAX_LENGTH) return setProblem(t('runs.labels.tooLong', { max: RUN_LABEL_MAX_LENGTH }));
    const labels = distinctLabels([...run.labels, label]);
    if (labels.length > RUN_LABELS_MAX) return setProblem(t('runs.labels.tooMany', { max: RUN_LABELS_MAX }));
    setProblem(null);
    save.mutate(labels, { onSuccess: () => setText('') });
  };

  return (
    <Stack gap={6} aria-label={t('runs.labels.title')} role="group">
      <Text fw={600} size="sm">
        {t('runs.labels.title')}
      </Text>
      <Group gap={6}>
        {run.labels.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('runs.labels.none')}
          </Text>
        )}
        {run.labels.map((label) => (
          <Badge
            key={label}
            variant="light"
            pr={3}
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('runs.labels.remove', { label })}
                disabled={save.isPending}
                onClick={() => save.mutate(run.labels.filter((l) => l !== label))}
              />
            }
          >
            {label}
          </Badge>
        ))}
      </Group>
      <TextInput
        size="xs"
        maw={280}
        aria-label={t('runs.labels.add')}
        placeholder={t('runs.labels.placeholder')}
        value={text}
        disabled={save.isPending}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
      />
      {(problem ?? save.error) && (
        <Alert color="red" role="alert" p="xs">
          {problem ?? t('runs.labels.saveFailed', { message: save.error?.message })}
        </Alert>
      )}
    </Stack>
  );
}
