import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isEmailAddress } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/mail.ts';
import { MAIL_NS } from './i18n/index.ts';

/** /-/forgot-password: mails a one-time link to set a new password; the answer never says whether the address is known. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(MAIL_NS);
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (isEmailAddress(value.trim()) ? null : t('forgot.invalidEmail')) },
  });
  const toLogin = (
    <Anchor component={Link} to="/login" size="sm">
      {t('forgot.toLogin')}
    </Anchor>
  );

  if (forgot.isSuccess) {
    return (
      <Paper withBorder p="xl" maw={420} mx="auto">
        <Stack>
          <Title order={2}>{t('forgot.sentHeading')}</Title>
          <Text>{t('forgot.sent', { email: forgot.variables })}</Text>
          {toLogin}
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="xl" maw={420} mx="auto">
      <form onSubmit={form.onSubmit((values) => forgot.mutate(values.email.trim()))} noValidate>
        <Stack>
          <Title order={2}>{t('forgot.heading')}</Title>
          <Text size="sm">{t('forgot.intro')}</Text>
          {forgot.isError && (
            <Alert color="red" role="alert" title={t('forgot.failed')}>
              {forgot.error.message}
            </Alert>
          )}
          <TextInput label={t('forgot.email')} type="email" autoComplete="email" autoFocus {...form.getInputProps('email')} />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            {t('forgot.submit')}
          </Button>
          {toLogin}
        </Stack>
      </form>
    </Paper>
  );
}
