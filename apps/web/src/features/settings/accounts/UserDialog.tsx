import { ACCOUNT_NAME_MIN, type AccountUser, ADMIN_PASSWORD_MIN } from '@corridor/contract';
import { Anchor, Modal, Tabs, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOverwritePassword, useRenameUser } from '../../../api/administration.ts';
import { useSessionUser } from '../../../api/session.ts';
import { ADMIN_NS } from '../i18n/administration.ts';
import { MinLengthForm } from '../MinLengthForm.tsx';
import { UserEmailsTab } from './UserEmailsTab.tsx';
import { UserGroupsTab } from './UserGroupsTab.tsx';

/**
 * A user's details (spec 3 §2.10): tabs Name, Emails, Groups, Password. The administrator's own row has no
 * password form: the server takes that as an own change, which needs the old password (the profile's form). The
 * text's link tag is `<profile>`: Trans parses `<link>` as the empty HTML element and would lose the link's words.
 */
export function UserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tApp } = useTranslation();
  const own = useSessionUser().userId === user.id;
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
          {own ? (
            <Text>
              <Trans t={t} i18nKey="userDialog.ownPassword" components={{ profile: <Anchor component={Link} to="/profile/security" /> }} />
            </Text>
          ) : (
            <MinLengthForm
              password
              label={t('userDialog.newPassword')}
              buttonLabel={t('userDialog.changePassword')}
              min={ADMIN_PASSWORD_MIN}
              description={tApp('passwordRule', { min: ADMIN_PASSWORD_MIN })}
              tooShort={t('userDialog.passwordTooShort')}
              pending={password.isPending}
              onSubmit={(value) =>
                password.mutateAsync(value).then(
                  () => t('userDialog.passwordChanged'),
                  (error: Error) => Promise.reject(new Error(t('userDialog.passwordFailed', { message: error.message }))),
                )
              }
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
