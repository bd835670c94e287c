import { ADMIN_PASSWORD_MIN } from '@corridor/contract';
import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddUser } from '../../../api/administration.ts';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';

/** Adds a user who can sign in at once (spec 3 §2.10); the server's text explains a refusal. */
export function AddUserForm() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tApp } = useTranslation();
  const add = useAddUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<NoticeState>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    setNotice(undefined);
    add.mutate(
      { username: name, password },
      {
        onSuccess: () => {
          setNotice({ ok: true, text: t('accounts.added', { name }) });
          setUsername('');
          setPassword('');
        },
        onError: (error) => setNotice({ ok: false, text: t('accounts.addFailed', { message: error.message }) }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('accounts.addHeading')}>
      <Notice notice={notice} onClose={() => setNotice(undefined)} />
      <Group align="flex-end" gap="sm" mt="sm">
        <TextInput label={t('accounts.username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label={t('accounts.password')} description={tApp('passwordRule', { min: ADMIN_PASSWORD_MIN })} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="new-password" />
        <Button type="submit" disabled={username.trim().length < 2 || password.length < ADMIN_PASSWORD_MIN} loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
          {t('accounts.add')}
        </Button>
      </Group>
    </form>
  );
}
