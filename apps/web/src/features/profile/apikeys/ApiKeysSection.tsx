import type { CreatedApiKey } from '@corridor/contract';
import { Alert, Button, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeys, useCreateApiKey, useDeleteApiKey } from '../../../api/profile.ts';
import { useSessionUser } from '../../../api/session.ts';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PROFILE_NS } from '../i18n/index.ts';
import { LoadedList } from '../LoadedList.tsx';
import { NewApiKey } from './NewApiKey.tsx';

/** Profile section API Keys (spec 1 §2.18): the list with last access and delete, and add with a description. */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation(PROFILE_NS);
  const { userId } = useSessionUser();
  const keys = useApiKeys(userId);
  const remove = useDeleteApiKey(userId);
  const create = useCreateApiKey(userId);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedApiKey['data'] | null>(null);
  // Spec 1 §8: a failed load is only logged.
  if (keys.isError) console.error('API keys could not be loaded', keys.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = description.trim();
    if (!text) return;
    create.mutate(text, {
      onSuccess: (key) => {
        setCreated(key);
        setDescription('');
      },
    });
  };

  return (
    <Stack gap="lg" maw={860}>
      <Title order={4}>{t('apiKeys.heading')}</Title>
      <Text size="sm" c="dimmed">
        {t('apiKeys.intro')}
      </Text>
      {remove.isError && (
        <Alert color="red" role="alert">
          {t('apiKeys.deleteFailed')}
        </Alert>
      )}
      {created && <NewApiKey description={created.description} apiKey={created.data} onDone={() => setCreated(null)} />}
      <LoadedList query={keys} empty={t('apiKeys.empty')}>
        {(rows) => (
          <Table aria-label={t('apiKeys.heading')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeys.description')}</Table.Th>
                <Table.Th>{t('apiKeys.key')}</Table.Th>
                <Table.Th>{t('apiKeys.lastAccess')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((key) => (
                <Table.Tr key={key.apikey}>
                  <Table.Td>{key.description}</Table.Td>
                  <Table.Td>
                    {/* The public part only: the secret was shown once, at creation. */}
                    <Code>{`${key.apikey}.••••••••`}</Code>
                  </Table.Td>
                  <Table.Td>{key.lastAccess ? formatDateTime(key.lastAccess, i18n.language) : t('apiKeys.never')}</Table.Td>
                  <Table.Td ta="right">
                    <DeleteIconButton
                      tooltip={t('apiKeys.delete')}
                      label={t('apiKeys.deleteLabel', { description: key.description })}
                      loading={remove.isPending && remove.variables === key.apikey}
                      onClick={() => remove.mutate(key.apikey, { onSuccess: () => setCreated((shown) => (shown?.apikey === key.apikey ? null : shown)) })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </LoadedList>
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Title order={5}>{t('apiKeys.addHeading')}</Title>
          {create.isError && (
            <Alert color="red" role="alert">
              {t('apiKeys.createFailed')}
            </Alert>
          )}
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('apiKeys.newDescription')}
              value={description}
              maxLength={200}
              onChange={(event) => setDescription(event.currentTarget.value)}
              style={{ flex: 1 }}
              maw={420}
            />
            <Button type="submit" disabled={!description.trim()} loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('apiKeys.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
