import { Button, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateEmptyFile } from '../../api/files.ts';

/** "Create empty file": a name, then an empty file attached to the scenario. */
export function CreateEmptyFile({ scenarioId }: { scenarioId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const create = useCreateEmptyFile(scenarioId);

  const close = () => {
    setOpened(false);
    setName('');
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fileName = name.trim();
    if (!fileName) return;
    create.mutate(fileName, {
      onSuccess: close,
      // Spec 1 §8 logs the failure; the field shows the server text as well.
      onError: (error) => console.error('Failed to create file', error),
    });
  };

  return (
    <Popover opened={opened} onChange={setOpened} onDismiss={close} position="bottom-start" trapFocus withArrow>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFilePlus size={16} aria-hidden />} onClick={() => setOpened((o) => !o)}>
          {t('files.createEmpty')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit}>
          <Stack gap="xs" w={260}>
            <TextInput
              label={t('files.newFileName')}
              placeholder="network.xml"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={create.error?.message}
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              {t('files.createEmptyHint')}
            </Text>
            <Button type="submit" size="xs" disabled={!name.trim()} loading={create.isPending}>
              {t('files.create')}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
