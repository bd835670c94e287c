import { ADMIN_ROLE } from '@corridor/contract';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTeam, useGroups } from '../../../api/administration.ts';
import { useSessionUser } from '../../../api/session.ts';
import { AddByUsernameForm } from '../../../components/AddByUsernameForm.tsx';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { Section } from '../../../components/Section.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';
import { SETTINGS_PATH } from '../settingsPaths.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { groupNameError } from './groupError.ts';

/**
 * Groups, /settings/groups (spec 3 §2.11), for everyone: administrators see every team, others their own. Personal
 * groups are not listed: they carry their user's name and have one member (docs/decisions.md).
 */
export function GroupsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tt } = useTranslation();
  const user = useSessionUser();
  const groups = useGroups();
  const create = useCreateTeam();
  const [openId, setOpenId] = useState<number>();
  const [notice, setNotice] = useState<NoticeState>();
  const teams = groups.data?.filter((group) => !group.personal) ?? [];
  const open = teams.find((group) => group.id === openId);
  const canEdit = (members: { userId: number; role: string }[]) =>
    user.roles.includes(ADMIN_ROLE) || members.some((m) => m.userId === user.userId && m.role === 'owner');

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tt('titles.settings'), to: SETTINGS_PATH }, { label: tt('titles.groups') }]} />
      <Title order={2}>{tt('titles.groups')}</Title>
      <Section title={t('groups.listHeading')} aside={groups.data && <Text c="dimmed">{t('groups.groupCount', { count: teams.length })}</Text>}>
        {groups.isError && <Text c="red" role="alert">{t('groups.loadFailed')}</Text>}
        {groups.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
        {groups.data && teams.length === 0 && <Text c="dimmed">{t('groups.empty')}</Text>}
        {teams.length > 0 && (
          <Table aria-label={t('groups.listHeading')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groups.name')}</Table.Th>
                <Table.Th>{t('groups.members')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" aria-label={t('groups.open', { name: group.name })} onClick={() => setOpenId(group.id)}>
                      {group.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{group.members.length}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title={t('groups.addHeading')}>
        <Notice notice={notice} onClose={() => setNotice(undefined)} />
        <AddByUsernameForm
          label={t('groups.newName')}
          buttonLabel={t('groups.add')}
          pending={create.isPending}
          onAdd={(name, done) => {
            setNotice(undefined);
            create.mutate(name, { onSuccess: done, onError: (error) => setNotice({ ok: false, text: groupNameError(t, t('groups.addFailed'), error, name) }) });
          }}
        />
      </Section>
      {open && <GroupDialog group={open} editable={canEdit(open.members)} onClose={() => setOpenId(undefined)} />}
    </Stack>
  );
}
