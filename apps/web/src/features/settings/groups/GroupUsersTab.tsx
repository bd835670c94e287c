import type { Group } from '@corridor/contract';
import { Button, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useGroupChange } from '../../../api/administration.ts';
import { useSessionUser } from '../../../api/session.ts';
import { AddByUsernameForm } from '../../../components/AddByUsernameForm.tsx';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';

interface GroupUsersTabProps {
  group: Group;
  editable: boolean;
  changes: ReturnType<typeof useGroupChange>;
}

/** Members with roles; add by username, remove (never oneself), toggle owner/member (spec 3 §4). */
export function GroupUsersTab({ group, editable, changes }: GroupUsersTabProps) {
  const { t } = useTranslation(ADMIN_NS);
  const user = useSessionUser();
  const [notice, setNotice] = useState<NoticeState>();
  const fail = (text: string) => (error: Error) => setNotice({ ok: false, text: `${text} ${error.message}` });

  return (
    <Stack gap="sm">
      <Notice notice={notice} onClose={() => setNotice(undefined)} />
      <Table aria-label={t('groups.tabs.users')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('groups.username')}</Table.Th>
            <Table.Th>{t('groups.role')}</Table.Th>
            {editable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.members.map((member) => {
            const next = member.role === 'owner' ? 'member' : 'owner';
            return (
              <Table.Tr key={member.userId}>
                <Table.Td>{member.username}</Table.Td>
                <Table.Td>
                  {editable ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t(next === 'owner' ? 'groups.makeOwner' : 'groups.makeMember', { name: member.username })}
                      loading={changes.setRole.isPending && changes.setRole.variables?.userId === member.userId}
                      onClick={() => changes.setRole.mutate({ userId: member.userId, role: next }, { onError: fail(t('groups.roleFailed')) })}
                    >
                      {t(`groups.roles.${member.role}`)}
                    </Button>
                  ) : (
                    t(`groups.roles.${member.role}`)
                  )}
                </Table.Td>
                {editable && (
                  <Table.Td ta="right">
                    {member.userId !== user.userId && (
                      <DeleteIconButton
                        tooltip={t('groups.remove', { name: member.username })}
                        label={t('groups.remove', { name: member.username })}
                        loading={changes.remove.isPending && changes.remove.variables === member.userId}
                        onClick={() => changes.remove.mutate(member.userId, { onError: fail(t('groups.removeFailed')) })}
                      />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {editable && (
        <AddByUsernameForm
          label={t('groups.username')}
          buttonLabel={t('groups.addUser')}
          pending={changes.add.isPending}
          onAdd={(name, done) => {
            setNotice(undefined);
            changes.add.mutate(name, { onSuccess: done, onError: fail(t('groups.addUserFailed')) });
          }}
        />
      )}
    </Stack>
  );
}
