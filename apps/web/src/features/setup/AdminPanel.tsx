import { SETUP_PASSWORD_MIN } from '@corridor/contract';
import { PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from './wizard.ts';

/** The first administrator account (spec 1 §2.6, rules in §5). */
export function AdminPanel({ form }: { form: UseFormReturnType<AdminAccount> }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('setup.admin.heading')}</Title>
      <Text>{t('setup.admin.intro')}</Text>
      <TextInput label={t('setup.admin.username')} autoComplete="username" data-autofocus {...form.getInputProps('username')} />
      <PasswordInput
        label={t('setup.admin.password')}
        description={t('passwordRule', { min: SETUP_PASSWORD_MIN })}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={t('setup.admin.repeatPassword')}
        autoComplete="new-password"
        {...form.getInputProps('repeatPassword')}
      />
    </Stack>
  );
}
