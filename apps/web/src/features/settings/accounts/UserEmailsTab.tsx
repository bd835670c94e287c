import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddUserEmail, useDeleteUserEmail, useUserEmails } from '../../../api/administration.ts';
import { AddByUsernameForm } from '../../../components/AddByUsernameForm.tsx';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';

/** A user's e-mail addresses: list, add (an empty address is not added), delete. */
export function UserEmailsTab({ userId }: { userId: number }) {
  const { t } = useTranslation(ADMIN_NS);
  const emails = useUserEmails(userId);
  const add = useAddUserEmail(userId);
  const remove = useDeleteUserEmail(userId);
  const [notice, setNotice] = useState<NoticeState>();

  if (emails.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (emails.isError) return <Text c="red" role="alert">{t('userDialog.emailsLoadFailed')}</Text>;
  return (
    <Stack gap="sm">
      <Notice notice={notice} onClose={() => setNotice(undefined)} />
      {emails.data.length === 0 ? (
        <Text c="dimmed">{t('userDialog.noEmails')}</Text>
      ) : (
        <Table aria-label={t('userDialog.tabs.emails')}>
          <Table.Tbody>
            {emails.data.map((email) => (
              <Table.Tr key={email.id}>
                <Table.Td>{email.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={email.verified ? 'teal' : 'gray'}>
                    {email.verified ? t('userDialog.verified') : t('userDialog.unverified')}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <DeleteIconButton
                    tooltip={t('userDialog.deleteEmail', { email: email.email })}
                    label={t('userDialog.deleteEmail', { email: email.email })}
                    loading={remove.isPending && remove.variables === email.id}
                    onClick={() => remove.mutate(email.id, { onError: () => setNotice({ ok: false, text: t('userDialog.deleteEmailFailed') }) })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <AddByUsernameForm
          label={t('userDialog.newEmail')}
          buttonLabel={t('userDialog.addEmail')}
          pending={add.isPending}
          onAdd={(email, done) => {
            setNotice(undefined);
            add.mutate(email, { onSuccess: done, onError: (error) => setNotice({ ok: false, text: `${t('userDialog.emailFailed')} ${error.message}` }) });
          }}
        />
      </Group>
    </Stack>
  );
}
