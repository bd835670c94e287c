import { ACCOUNT_NAME_MIN, type Group } from '@corridor/contract';
import { Modal, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGroupChange } from '../../../api/administration.ts';
import { ADMIN_NS } from '../i18n/administration.ts';
import { MinLengthForm } from '../MinLengthForm.tsx';
import { groupNameError } from './groupError.ts';
import { GroupUsersTab } from './GroupUsersTab.tsx';

/** A group's dialog (spec 3 §2.11): tabs Name and Users; owners and administrators change them. */
export function GroupDialog({ group, editable, onClose }: { group: Group; editable: boolean; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const changes = useGroupChange(group.id);
  return (
    <Modal opened onClose={onClose} title={t('groups.dialogTitle', { name: group.name })} size="lg">
      <Tabs defaultValue={editable ? 'name' : 'users'} keepMounted={false}>
        <Tabs.List>
          {editable && <Tabs.Tab value="name">{t('groups.tabs.name')}</Tabs.Tab>}
          <Tabs.Tab value="users">{t('groups.tabs.users')}</Tabs.Tab>
        </Tabs.List>
        {editable && (
          <Tabs.Panel value="name" pt="md">
            <MinLengthForm
              label={t('groups.newGroupname')}
              buttonLabel={t('groups.rename')}
              min={ACCOUNT_NAME_MIN}
              tooShort={t('groups.nameTooShort')}
              initial={group.name}
              pending={changes.rename.isPending}
              onSubmit={(name) =>
                changes.rename.mutateAsync(name).then(
                  () => t('groups.renamed'),
                  (error: Error) => Promise.reject(new Error(groupNameError(t, t('groups.renameFailed'), error, name))),
                )
              }
            />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="users" pt="md">
          {!editable && (
            <Text size="sm" c="dimmed" mb="sm">
              {t('groups.readOnly')}
            </Text>
          )}
          <GroupUsersTab group={group} editable={editable} changes={changes} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
