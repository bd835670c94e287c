import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { errorStatus } from '../../api/client.ts';
import { useFeatures } from '../../api/features.ts';
import { useLogin, useSession } from '../../api/session.ts';
import type { LoginState } from '../../app/guards.tsx';

/** Login (spec 1 §2.5). */
export function LoginPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const features = useFeatures();
  const login = useLogin();
  const location = useLocation();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : t('login.usernameRequired')),
      password: (value) => (value ? null : t('login.passwordRequired')),
    },
  });

  // Signed in (already, or just now): go to the page the guard sent us from, else home.
  if (session?.status === 'signedIn') {
    return <Navigate to={(location.state as LoginState | null)?.from ?? '/'} replace />;
  }

  const submit = form.onSubmit((values) => {
    setFailure(undefined);
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onError: (error) => {
          setFailure(errorStatus(error) === 429 ? t('login.rateLimited') : t('login.failed'));
          passwordRef.current?.focus();
        },
      },
    );
  });

  return (
    <Paper withBorder p="xl" maw={420} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{t('login.heading')}</Title>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t('login.username')} autoComplete="username" autoFocus {...form.getInputProps('username')} />
          <PasswordInput
            ref={passwordRef}
            label={t('login.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/-/forgot-password" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
            {features.accountsSignup && (
              <Anchor component={Link} to="/signup" size="sm">
                {t('login.signUp')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
