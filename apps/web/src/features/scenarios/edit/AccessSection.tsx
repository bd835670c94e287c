import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';
import { AddByUsernameForm } from '../../../components/AddByUsernameForm.tsx';
import { useAddDatasetUser, useDatasetAccess, useRemoveDatasetUser } from '../../../api/access.ts';
import { useSessionUser } from '../../../api/session.ts';
import { useCurrentScenario } from '../ScenarioContext.ts';
import { addErrorText, mayGrantAccess, removeErrorText } from './accessRules.ts';

/**
 * Users with access: add by username, remove all but the OWNER (spec 1 §2.11 access, §8). Only the owner and
 * administrators change the list (issue 26); everyone else sees it read-only, with a note saying who can.
 */
export function AccessSection() {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const user = useSessionUser();
  const access = useDatasetAccess(scenario.id);
  const mayGrant = access.isSuccess && mayGrantAccess(user, access.data);
  const add = useAddDatasetUser(scenario.id);
  const remove = useRemoveDatasetUser(scenario.id);
  const [message, setMessage] = useState<string>();

  const addUser = (name: string, done: () => void) => {
    setMessage(undefined);
    add.mutate(name, { onSuccess: done, onError: (error) => setMessage(addErrorText(error, t('access.addFailed'))) });
  };

  const removeUser = (userId: number) => {
    setMessage(undefined);
    remove.mutate(userId, { onError: (error) => setMessage(removeErrorText(error, t('access.removeFailed'))) });
  };

  return (
    <Stack gap="md" maw={640}>
      {message && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setMessage(undefined)}>
          {message}
        </Alert>
      )}
      {access.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : access.isError ? (
        <Text c="red">{access.error.message}</Text>
      ) : (
        <Table aria-label={t('access.heading')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('access.userId')}</Table.Th>
              <Table.Th>{t('access.username')}</Table.Th>
              <Table.Th>{t('access.accessType')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {access.data.map((entry) => (
              <Table.Tr key={entry.userId}>
                <Table.Td>{entry.userId}</Table.Td>
                <Table.Td>{entry.username}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entry.accessType === 'OWNER' ? 'indigo' : 'gray'}>
                    {entry.accessType}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {mayGrant && entry.accessType !== 'OWNER' && (
                    <DeleteIconButton
                      tooltip={t('access.remove')}
                      label={t('access.removeLabel', { name: entry.username })}
                      loading={remove.isPending && remove.variables === entry.userId}
                      onClick={() => removeUser(entry.userId)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {mayGrant ? (
        <AddByUsernameForm label={t('access.addUsername')} buttonLabel={t('access.add')} pending={add.isPending} onAdd={addUser} />
      ) : (
        access.isSuccess && (
          <Text c="dimmed" size="sm">
            {t('access.ownerOnly')}
          </Text>
        )
      )}
    </Stack>
  );
}
