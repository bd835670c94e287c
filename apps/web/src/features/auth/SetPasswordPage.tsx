import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SET_PASSWORD_MIN } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSetPassword } from '../../api/mail.ts';
import { MAIL_NS } from './i18n/index.ts';

/** /-/set-password/{token}: the mailed link of forgot password and sign-up; a new password, then sign in. */
export function SetPasswordPage() {
  const { t } = useTranslation(MAIL_NS);
  const { t: tApp } = useTranslation();
  const { token = '' } = useParams();
  const setPassword = useSetPassword();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (value) => (value.length >= SET_PASSWORD_MIN ? null : t('setPassword.tooShort', { min: SET_PASSWORD_MIN })),
      repeat: (value, values) => (value === values.password ? null : t('setPassword.mismatch')),
    },
  });
  const toLogin = (
    <Anchor component={Link} to="/login" size="sm">
      {t('setPassword.toLogin')}
    </Anchor>
  );

  if (setPassword.isSuccess) {
    return (
      <Paper withBorder p="xl" maw={420} mx="auto">
        <Stack>
          <Title order={2}>{t('setPassword.doneHeading')}</Title>
          <Text>{t('setPassword.done', { username: setPassword.data.username })}</Text>
          {toLogin}
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="xl" maw={420} mx="auto">
      <form onSubmit={form.onSubmit((values) => setPassword.mutate({ token, password: values.password }))} noValidate>
        <Stack>
          <Title order={2}>{t('setPassword.heading')}</Title>
          {setPassword.isError && (
            <Alert color="red" role="alert" title={t('setPassword.failed')}>
              {setPassword.error.message}
            </Alert>
          )}
          <PasswordInput label={t('setPassword.password')} description={tApp('passwordRule', { min: SET_PASSWORD_MIN })} autoComplete="new-password" autoFocus {...form.getInputProps('password')} />
          <PasswordInput label={t('setPassword.repeat')} autoComplete="new-password" {...form.getInputProps('repeat')} />
          <Button type="submit" loading={setPassword.isPending} fullWidth>
            {t('setPassword.submit')}
          </Button>
          <Group justify="space-between">
            {toLogin}
            <Anchor component={Link} to="/-/forgot-password" size="sm">
              {t('setPassword.newLink')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
