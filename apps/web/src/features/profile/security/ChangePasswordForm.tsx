import { OWN_PASSWORD_MIN } from '@corridor/contract';
import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../../api/profile.ts';
import { PROFILE_NS } from '../i18n/index.ts';
import { canChangePassword, EMPTY_PASSWORD_FORM, type PasswordForm } from './passwordForm.ts';

/** Change password (spec 1 §2.18, §5, §8): old, new, repeat; the server's reason follows the spec's failure text. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation(PROFILE_NS);
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const change = useChangePassword(userId);
  const field = (name: keyof PasswordForm) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
      change.reset();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canChangePassword(form)) return;
    change.mutate({ oldPW: form.oldPassword, newPW: form.newPassword }, { onSuccess: () => setForm(EMPTY_PASSWORD_FORM) });
  };
  const mismatch = form.repeat !== '' && form.repeat !== form.newPassword;

  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={420}>
        <Title order={4}>{t('password.heading')}</Title>
        {change.isError && (
          <Alert color="red" role="alert">
            {t('password.failed')} {change.error.message}
          </Alert>
        )}
        {change.isSuccess && (
          <Alert color="green" role="status">
            {t('password.changed')}
          </Alert>
        )}
        <PasswordInput label={t('password.old')} autoComplete="current-password" {...field('oldPassword')} />
        <PasswordInput label={t('password.new')} autoComplete="new-password" description={t('password.hint', { min: OWN_PASSWORD_MIN })} {...field('newPassword')} />
        <PasswordInput label={t('password.repeat')} autoComplete="new-password" error={mismatch ? t('password.mismatch') : undefined} {...field('repeat')} />
        <Button type="submit" disabled={!canChangePassword(form)} loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
