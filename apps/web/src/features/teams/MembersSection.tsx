import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddGroupMember, useGroupDetail, useRemoveGroupMember } from '../../api/groups.ts';
import { useSessionUser } from '../../api/session.ts';

/** Members with roles; owners add by username and remove anyone but themselves (spec 3 §2.7). */
export function MembersSection({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const group = useGroupDetail(groupId);
  const add = useAddGroupMember(groupId);
  const remove = useRemoveGroupMember(groupId);
  const [username, setUsername] = useState('');
  const [message, setMessage] = useState<string>();
  const isOwner = group.data?.members.some((member) => member.userId === user.userId && member.role === 'owner') ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) return;
    setMessage(undefined);
    add.mutate(name, {
      onSuccess: () => setUsername(''),
      onError: (error) => setMessage(t('teams.addMemberFailed', { message: error.message })),
    });
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
                    <Tooltip label={t('teams.removeMember')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('teams.removeMemberLabel', { name: member.username })}
                        loading={remove.isPending && remove.variables === member.userId}
                        onClick={() =>
                          remove.mutate(member.userId, {
                            onError: (error) => setMessage(t('teams.removeMemberFailed', { message: error.message })),
                          })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isOwner && (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('teams.memberUsername')}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!username.trim()} loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
              {t('teams.addMember')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
