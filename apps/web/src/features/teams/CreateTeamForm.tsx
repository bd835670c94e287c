import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateGroup } from '../../api/groups.ts';

/** Add a team (spec 1 §2.18 teams, §8). */
export function CreateTeamForm() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const create = useCreateGroup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const team = name.trim();
    if (!team) return;
    create.mutate(team, { onSuccess: () => setName('') });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        {create.isError && (
          <Alert color="red" role="alert">
            {t('teams.createFailed')}
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('teams.newTeamName')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: 1 }}
            maw={360}
          />
          <Button type="submit" disabled={!name.trim()} loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('teams.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
