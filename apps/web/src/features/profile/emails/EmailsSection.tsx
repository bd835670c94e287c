import { Alert, Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { isEmailAddress } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailActions, useEmails } from '../../../api/mail.ts';
import { useSessionUser } from '../../../api/session.ts';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { MAIL_NS } from '../../auth/i18n/index.ts';
import { LoadedList } from '../LoadedList.tsx';

type Notice = { color: 'green' | 'red'; text: string };

/**
 * Profile section Emails (spec 1 §2.18, §4 "Email", §8): address, registered, validated or "Verify now!", delete,
 * add. "Verify now!" mails a link to /-/verify-email/{token}.
 */
export function EmailsSection() {
  const { t, i18n } = useTranslation(MAIL_NS);
  const { userId } = useSessionUser();
  const emails = useEmails(userId);
  const actions = useEmailActions(userId);
  const [notice, setNotice] = useState<Notice>();
  const [address, setAddress] = useState('');
  // Spec 1 §8: a failed load is only logged.
  if (emails.isError) console.error('email addresses could not be loaded', emails.error);

  const fail = (text: string) => () => setNotice({ color: 'red', text });
  const add = () => {
    setNotice(undefined);
    actions.add.mutate(address.trim(), { onSuccess: () => setAddress(''), onError: fail(t('emails.registerFailed')) });
  };
  const verify = (id: number) => {
    setNotice(undefined);
    actions.verify.mutate(id, { onSuccess: () => setNotice({ color: 'green', text: t('emails.verificationSent') }), onError: fail(t('emails.verificationFailed')) });
  };
  const remove = (id: number) => {
    setNotice(undefined);
    actions.remove.mutate(id, { onError: fail(t('emails.deleteFailed')) });
  };

  return (
    <Stack gap="lg" maw={760}>
      {notice && (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setNotice(undefined)}>
          {notice.text}
        </Alert>
      )}
      <LoadedList query={emails} empty={t('emails.none')}>
        {(rows) => (
          <Table aria-label={t('emails.address')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('emails.address')}</Table.Th>
                <Table.Th>{t('emails.registered')}</Table.Th>
                <Table.Th>{t('emails.validated')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.email}</Table.Td>
                  <Table.Td>{formatDateTime(entry.createdTimestamp, i18n.language)}</Table.Td>
                  <Table.Td>
                    {entry.verified && entry.verifiedTimestamp ? (
                      formatDateTime(entry.verifiedTimestamp, i18n.language)
                    ) : (
                      <Anchor component="button" type="button" size="sm" onClick={() => verify(entry.id)} disabled={actions.verify.isPending}>
                        {t('emails.verifyNow')}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <DeleteIconButton
                      tooltip={t('emails.delete')}
                      label={t('emails.deleteLabel', { email: entry.email })}
                      loading={actions.remove.isPending && actions.remove.variables === entry.id}
                      onClick={() => remove(entry.id)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </LoadedList>
      <Stack gap="xs">
        <Title order={4}>{t('emails.addHeading')}</Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Group align="flex-end">
            <TextInput label={t('emails.newAddress')} type="email" autoComplete="email" value={address} onChange={(event) => setAddress(event.currentTarget.value)} w={320} />
            {/* Spec 3 §5: an empty address is not added. */}
            <Button type="submit" loading={actions.add.isPending} disabled={!isEmailAddress(address.trim())}>
              {t('emails.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Stack>
  );
}
