import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../../../api/administration.ts';
import { ADMIN_NS } from '../i18n/administration.ts';

/** The groups of a user with their role, the personal group first. */
export function UserGroupsTab({ userId }: { userId: number }) {
  const { t } = useTranslation(ADMIN_NS);
  const groups = useUserGroups(userId);
  if (groups.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (groups.isError) return <Text c="red" role="alert">{t('userDialog.groupsLoadFailed')}</Text>;
  return (
    <Table aria-label={t('userDialog.tabs.groups')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('groups.name')}</Table.Th>
          <Table.Th>{t('groups.role')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.data.map((group) => (
          <Table.Tr key={group.groupId}>
            <Table.Td>
              {group.groupName}{' '}
              {group.personal && (
                <Badge variant="light" color="gray" size="sm">
                  {t('userDialog.personal')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{t(`groups.roles.${group.role}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
