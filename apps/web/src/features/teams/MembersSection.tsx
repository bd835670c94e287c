import { Alert, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIconButton } from '../../components/DeleteIconButton.tsx';
import { AddByUsernameForm } from '../../components/AddByUsernameForm.tsx';
import { useAddGroupMember, useGroupDetail, useRemoveGroupMember } from '../../api/groups.ts';
import { useSessionUser } from '../../api/session.ts';

/** Members with roles; owners add by username and remove anyone but themselves (spec 3 §2.7). */
export function MembersSection({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const group = useGroupDetail(groupId);
  const add = useAddGroupMember(groupId);
  const remove = useRemoveGroupMember(groupId);
  const [message, setMessage] = useState<string>();
  const isOwner = group.data?.members.some((member) => member.userId === user.userId && member.role === 'owner') ?? false;

  const addUser = (name: string, done: () => void) => {
    setMessage(undefined);
    add.mutate(name, { onSuccess: done, onError: (error) => setMessage(t('teams.addMemberFailed', { message: error.message })) });
  };

  if (group.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (group.isError) return <Text c="red">{group.error.message}</Text>;

  return (
    <Stack gap="md" maw={640}>
      {message && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setMessage(undefined)}>
          {message}
        </Alert>
      )}
      <Table aria-label={t('teams.members')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('teams.username')}</Table.Th>
            <Table.Th>{t('teams.role')}</Table.Th>
            {isOwner && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.data.members.map((member) => (
            <Table.Tr key={member.userId}>
              <Table.Td>{member.username}</Table.Td>
              <Table.Td>{t(`teams.roles.${member.role}`)}</Table.Td>
              {isOwner && (
                <Table.Td ta="right">
                  {member.userId !== user.userId && (
                    <DeleteIconButton
                      tooltip={t('teams.removeMember')}
                      label={t('teams.removeMemberLabel', { name: member.username })}
                      loading={remove.isPending && remove.variables === member.userId}
                      onClick={() =>
                        remove.mutate(member.userId, {
                          onError: (error) => setMessage(t('teams.removeMemberFailed', { message: error.message })),
                        })
                      }
                    />
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isOwner && (
        <AddByUsernameForm label={t('teams.memberUsername')} buttonLabel={t('teams.addMember')} pending={add.isPending} onAdd={addUser} />
      )}
    </Stack>
  );
}
