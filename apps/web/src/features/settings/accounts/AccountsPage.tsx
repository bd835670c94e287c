import type { AccountUser } from '@corridor/contract';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminFeatures, useAdminSettings, useUsers } from '../../../api/administration.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { Section } from '../../../components/Section.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { SETTINGS_PATH, SMTP_PATH } from '../settingsPaths.ts';
import { AddUserForm } from './AddUserForm.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { UserDialog } from './UserDialog.tsx';
import { UsersTable } from './UsersTable.tsx';

/** Accounts, /settings/accounts (spec 3 §2.10): registration settings, users with batch actions, add user. */
export function AccountsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tt } = useTranslation();
  const settings = useAdminSettings();
  const features = useAdminFeatures();
  const users = useUsers();
  const [open, setOpen] = useState<AccountUser>();
  // The dialog shows the user as listed now (a rename updates it).
  const current = open && (users.data?.users.find((user) => user.id === open.id) ?? open);

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tt('titles.settings'), to: SETTINGS_PATH }, { label: tt('titles.accounts') }]} />
      <Title order={2}>{tt('titles.accounts')}</Title>
      {settings.data && !settings.data.emailSmtpServer.trim() && (
        <Alert color="yellow" role="status">
          {t('accounts.emailNotConfigured')}{' '}
          <Anchor component={Link} to={SMTP_PATH}>
            {t('accounts.emailConfigure')}
          </Anchor>
        </Alert>
      )}
      <Section title={t('accounts.registrationHeading')}>
        {settings.isError && <Text c="red" role="alert">{t('accounts.settingsLoadFailed')}</Text>}
        {features.isError && <Text c="red" role="alert">{t('accounts.featuresLoadFailed')}</Text>}
        {settings.isPending || features.isPending ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : (
          settings.data && features.data && <RegistrationForm settings={settings.data} features={features.data} />
        )}
      </Section>
      <Section title={t('accounts.usersHeading')} aside={users.data && <Text c="dimmed">{t('accounts.userCount', { count: users.data.totalUserCount })}</Text>}>
        {users.isError && <Text c="red" role="alert">{t('accounts.usersLoadFailed')}</Text>}
        {users.isPending ? <Text c="dimmed">{t('common.loading')}</Text> : users.data && <UsersTable users={users.data.users} onOpen={setOpen} />}
      </Section>
      <Section title={t('accounts.addHeading')}>
        <AddUserForm />
      </Section>
      {current && <UserDialog user={current} onClose={() => setOpen(undefined)} />}
    </Stack>
  );
}
