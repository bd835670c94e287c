import type { RunnerToken } from '@corridor/contract';
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddRunnerToken, useDeleteRunnerToken } from '../../api/runners.ts';
import { ConfirmDeleteModal } from '../../components/ConfirmDelete.tsx';
import { DeleteIconButton } from '../../components/DeleteIconButton.tsx';
import { IPV6_PLACEHOLDER, ipv4Placeholder } from './runnerDefaults.ts';
import { MaskedToken } from './MaskedToken.tsx';
import { tokenLabel } from './tokenLabel.ts';

const EMPTY = { description: '', ipv4range: '', ipv6range: '' };

/** The add row: description and the two address ranges a runner may connect from (administrators only). */
function AddTokenRow() {
  const { t } = useTranslation();
  const add = useAddRunnerToken();
  const [values, setValues] = useState(EMPTY);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(values, { onSuccess: () => setValues(EMPTY) });
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
  });
  return (
    <form onSubmit={submit} aria-label={t('runners.addHeading')}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <TextInput label={t('runners.columns.description')} {...field('description')} style={{ flex: 2 }} />
          <TextInput
            label={t('runners.columns.ipv4')}
            placeholder={ipv4Placeholder(window.location.hostname)}
            {...field('ipv4range')}
            style={{ flex: 1 }}
          />
          <TextInput label={t('runners.columns.ipv6')} placeholder={IPV6_PLACEHOLDER} {...field('ipv6range')} style={{ flex: 1 }} />
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('runners.add')}
          </Button>
        </Group>
        {add.isError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => add.reset()}>
            {t('runners.addFailed')} {add.error.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** Runner tokens: token (administrators only), description, ranges, number of runners, delete (spec 3 §2.9). */
export function RunnerTokensTable({ tokens, isAdmin }: { tokens: RunnerToken[]; isAdmin: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteRunnerToken();
  const [deleting, setDeleting] = useState<RunnerToken>();
  const close = () => {
    setDeleting(undefined);
    remove.reset();
  };

  return (
    <Stack gap="md">
      {tokens.length === 0 ? (
        <Text c="dimmed">{t('runners.noTokens')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('runners.tokensHeading')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('runners.columns.token')}</Table.Th>
                <Table.Th>{t('runners.columns.description')}</Table.Th>
                <Table.Th>{t('runners.columns.ipv4')}</Table.Th>
                <Table.Th>{t('runners.columns.ipv6')}</Table.Th>
                <Table.Th ta="right">{t('runners.columns.runners')}</Table.Th>
                {isAdmin && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.token ? <MaskedToken token={token.token} name={tokenLabel(token)} /> : <Text c="dimmed">{t('runners.hidden')}</Text>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {token.description}
                      {token.embedded && <Badge variant="light">{t('runners.embedded')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{token.ipv4range}</Table.Td>
                  <Table.Td ff="monospace">{token.ipv6range}</Table.Td>
                  <Table.Td ta="right">{token.connectedRunners.length}</Table.Td>
                  {isAdmin && (
                    <Table.Td ta="right">
                      {/* The embedded runner's token belongs to the server (409 on delete). */}
                      {!token.embedded && (
                        <DeleteIconButton
                          tooltip={t('common.delete')}
                          label={t('runners.deleteLabel', { name: tokenLabel(token) })}
                          onClick={() => setDeleting(token)}
                        />
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isAdmin && <AddTokenRow />}
      <ConfirmDeleteModal
        opened={deleting !== undefined}
        title={t('runners.deleteTitle')}
        checkboxLabel={t('runners.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={close}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: close })}
      >
        <Text>{t('runners.deleteText', { name: deleting ? tokenLabel(deleting) : '' })}</Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
