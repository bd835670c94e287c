import { ACCOUNT_NAME_MIN, type AccountUser, ADMIN_PASSWORD_MIN } from '@corridor/contract';
import { Modal, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOverwritePassword, useRenameUser } from '../../../api/administration.ts';
import { ADMIN_NS } from '../i18n/administration.ts';
import { MinLengthForm } from '../MinLengthForm.tsx';
import { UserEmailsTab } from './UserEmailsTab.tsx';
import { UserGroupsTab } from './UserGroupsTab.tsx';

/** A user's details (spec 3 §2.10): tabs Name, Emails, Groups, Password. */
export function UserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const rename = useRenameUser(user.id);
  const password = useOverwritePassword(user.id);

  return (
    <Modal opened onClose={onClose} title={t('userDialog.title', { name: user.username })} size="lg">
      <Tabs defaultValue="name" keepMounted={false}>
        <Tabs.List>
          {(['name', 'emails', 'groups', 'password'] as const).map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`userDialog.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="name" pt="md">
          <MinLengthForm
            label={t('userDialog.newUsername')}
            buttonLabel={t('userDialog.changeUsername')}
            min={ACCOUNT_NAME_MIN}
            tooShort={t('userDialog.usernameTooShort')}
            initial={user.username}
            pending={rename.isPending}
            onSubmit={(name) =>
              rename.mutateAsync(name).then(
                () => t('userDialog.usernameChanged'),
                (error: Error) => Promise.reject(new Error(`${t('userDialog.usernameFailed')} ${error.message}`)),
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="emails" pt="md">
          <UserEmailsTab userId={user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <UserGroupsTab userId={user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="password" pt="md">
          <MinLengthForm
            password
            label={t('userDialog.newPassword')}
            buttonLabel={t('userDialog.changePassword')}
            min={ADMIN_PASSWORD_MIN}
            tooShort={t('userDialog.passwordTooShort')}
            pending={password.isPending}
            onSubmit={(value) =>
              password.mutateAsync(value).then(
                () => t('userDialog.passwordChanged'),
                (error: Error) => Promise.reject(new Error(t('userDialog.passwordFailed', { message: error.message }))),
              )
            }
          />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
