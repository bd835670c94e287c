import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignup } from '../../api/accounts.ts';
import { useFeaturesQuery } from '../../api/features.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { signupFailureFlags } from './signupFailure.ts';

/** Signup (spec 1 §2.5, §5, §8). */
export function SignupPage() {
  const { t } = useTranslation();
  const features = useFeaturesQuery();
  const signup = useSignup();
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    initialValues: { username: '', email: '' },
    validate: {
      username: (value) => (value.trim() ? null : t('signup.usernameRequired')),
      email: (value) => (value.includes('@') ? null : t('signup.invalidEmailFormat')),
    },
  });

  if (features.isPending) return <PageLoader />;

  const backToLogin = (
    <Anchor component={Link} to="/login">
      {t('signup.toLogin')}
    </Anchor>
  );

  if (!features.data?.accountsSignup) {
    return (
      <Paper withBorder p="xl" maw={420} mx="auto">
        <Stack>
          <Text>{t('signup.disabled')}</Text>
          {backToLogin}
        </Stack>
      </Paper>
    );
  }

  if (signup.isSuccess) {
    return (
      <Paper withBorder p="xl" maw={420} mx="auto">
        <Stack>
          <Title order={2}>{t('signup.successHeading')}</Title>
          <Text>
            {t(signup.data.mailSent ? 'signup.successMailSent' : 'signup.successNoMail') +
              (signup.data.awaitingAuthorization ? t('signup.successAwaitingAuthorization') : '')}
          </Text>
          {backToLogin}
        </Stack>
      </Paper>
    );
  }

  const submit = form.onSubmit((values) => {
    setFailure(undefined);
    signup.mutate(
      { username: values.username.trim(), email: values.email.trim() },
      {
        onError: (error) => {
          const flags = signupFailureFlags(error);
          setFailure(
            t('signup.failed') +
              (flags.invalidUsername ? t('signup.invalidUsername') : '') +
              (flags.invalidEmail ? t('signup.invalidEmail') : ''),
          );
        },
      },
    );
  });

  return (
    <Paper withBorder p="xl" maw={420} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{t('signup.heading')}</Title>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t('signup.username')} autoComplete="username" autoFocus {...form.getInputProps('username')} />
          <TextInput label={t('signup.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" loading={signup.isPending} fullWidth>
            {t('signup.submit')}
          </Button>
          <Text size="sm">
            {t('signup.haveAccount')} {backToLogin}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
