import { Button, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SaveRowProps {
  /** Shows the "saved" mark: the last save succeeded and nothing changed since. */
  saved: boolean;
  savedText: string;
  pending: boolean;
}

/** The right-aligned Save (submit) button of an edit form, with a "saved" mark beside it. */
export function SaveRow({ saved, savedText, pending }: SaveRowProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {saved && (
        <Group gap={4} c="teal" role="status">
          <IconCheck size={16} aria-hidden />
          <Text size="sm">{savedText}</Text>
        </Group>
      )}
      <Button type="submit" loading={pending}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
