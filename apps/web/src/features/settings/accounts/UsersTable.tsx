import type { AccountUser } from '@corridor/contract';
import { Anchor, Badge, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetUserState } from '../../../api/administration.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';

interface UsersTableProps {
  users: AccountUser[];
  onOpen: (user: AccountUser) => void;
}

/** Users with selection and the batch actions Activate and Block (spec 3 §2.10, §4). */
export function UsersTable({ users, onOpen }: UsersTableProps) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notice, setNotice] = useState<NoticeState>();
  const setState = useSetUserState();
  const chosen = users.filter((user) => selected.has(user.id)).map((user) => user.id);
  const all = users.length > 0 && chosen.length === users.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const apply = (state: 'active' | 'blocked') => {
    setNotice(undefined);
    setState.mutate(
      { users: chosen, state },
      { onSuccess: () => setSelected(new Set()), onError: (error) => setNotice({ ok: false, text: `${t('accounts.batchFailed')} ${error.message}` }) },
    );
  };
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('accounts.never'));

  return (
    <>
      <Notice notice={notice} onClose={() => setNotice(undefined)} />
      <Group gap="sm">
        <Button variant="light" disabled={chosen.length === 0} loading={setState.isPending && setState.variables?.state === 'active'} onClick={() => apply('active')}>
          {t('accounts.activate')}
        </Button>
        <Button variant="light" color="red" disabled={chosen.length === 0} loading={setState.isPending && setState.variables?.state === 'blocked'} onClick={() => apply('blocked')}>
          {t('accounts.block')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('accounts.usersHeading')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('accounts.selectAll')}
                  checked={all}
                  indeterminate={chosen.length > 0 && !all}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(users.map((u) => u.id)) : new Set())}
                />
              </Table.Th>
              <Table.Th>{t('accounts.username')}</Table.Th>
              <Table.Th>{t('accounts.state')}</Table.Th>
              <Table.Th>{t('accounts.roles')}</Table.Th>
              <Table.Th>{t('accounts.registered')}</Table.Th>
              <Table.Th>{t('accounts.lastActive')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Checkbox aria-label={t('accounts.selectUser', { name: user.username })} checked={selected.has(user.id)} onChange={(e) => toggle(user.id, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" aria-label={t('accounts.details', { name: user.username })} onClick={() => onOpen(user)}>
                    {user.username}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={user.state === 'active' ? 'teal' : 'red'}>
                    {t(`accounts.states.${user.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.roles.join(', ')}</Text>
                </Table.Td>
                <Table.Td>{date(user.registeredTimestamp)}</Table.Td>
                <Table.Td>{date(user.lastActiveTimestamp)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
