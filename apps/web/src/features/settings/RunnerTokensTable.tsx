import type { CreatedRunnerToken, RunnerToken } from '@corridor/contract';
import { ActionIcon, Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NewRunnerToken, useAddRunnerToken, useDeleteRunnerToken, useUpdateRunnerToken } from '../../api/runners.ts';
import { ConfirmDeleteModal } from '../../components/ConfirmDelete.tsx';
import { DeleteIconButton } from '../../components/DeleteIconButton.tsx';
import { IPV6_PLACEHOLDER, ipv4Placeholder } from './runnerDefaults.ts';
import { tokenLabel } from './tokenLabel.ts';

const EMPTY: NewRunnerToken = { description: '', ipv4range: '', ipv6range: '' };

/** Description and the two address ranges, with what an empty range means (adding and editing). */
function TokenFields({ values, onChange, inline }: { values: NewRunnerToken; onChange: (values: NewRunnerToken) => void; inline: boolean }) {
  const { t } = useTranslation();
  const field = (name: keyof NewRunnerToken) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [name]: event.currentTarget.value }),
  });
  const style = (flex: number) => (inline ? { flex } : undefined);
  return (
    <>
      <TextInput label={t('runners.columns.description')} {...field('description')} maxLength={500} style={style(2)} />
      <TextInput label={t('runners.columns.ipv4')} placeholder={ipv4Placeholder(window.location.hostname)} {...field('ipv4range')} maxLength={100} style={style(1)} />
      <TextInput label={t('runners.columns.ipv6')} placeholder={IPV6_PLACEHOLDER} {...field('ipv6range')} maxLength={100} style={style(1)} />
    </>
  );
}

/** The add row (administrators): the new token's secret is shown once, in the alert above the table. */
function AddTokenRow({ onAdded }: { onAdded: (token: CreatedRunnerToken) => void }) {
  const { t } = useTranslation();
  const add = useAddRunnerToken();
  const [values, setValues] = useState(EMPTY);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(values, {
      onSuccess: (token) => {
        setValues(EMPTY);
        onAdded(token);
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('runners.addHeading')}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <TokenFields values={values} onChange={setValues} inline />
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('runners.add')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('runners.rangesHint')}
        </Text>
        {add.isError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => add.reset()}>
            {t('runners.addFailed')} {add.error.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** Editing a token's description and ranges; its runners are checked against the new ranges at their next call. */
function EditTokenModal({ token, onClose }: { token: RunnerToken | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateRunnerToken();
  const [values, setValues] = useState(EMPTY);
  const [editing, setEditing] = useState<number>();
  if (token && editing !== token.id) {
    setEditing(token.id);
    setValues({ description: token.description, ipv4range: token.ipv4range, ipv6range: token.ipv6range });
    update.reset();
  }
  const close = () => {
    setEditing(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token) update.mutate({ id: token.id, ...values }, { onSuccess: close });
  };
  return (
    <Modal opened={token !== undefined} onClose={close} title={t('runners.editTitle')} centered>
      <form onSubmit={submit} aria-label={t('runners.editTitle')}>
        <Stack gap="sm">
          <TokenFields values={values} onChange={setValues} inline={false} />
          <Text size="sm" c="dimmed">
            {t('runners.rangesHint')}
          </Text>
          {update.isError && (
            <Alert color="red" role="alert">
              {t('runners.editFailed')} {update.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Runner tokens (administrators; spec 3 §2.9, issue 26): the end of the token (its secret was shown once), description,
 * ranges, number of runners, edit and delete, and the add row.
 */
export function RunnerTokensTable({ tokens, onAdded }: { tokens: RunnerToken[]; onAdded: (token: CreatedRunnerToken) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteRunnerToken();
  const [deleting, setDeleting] = useState<RunnerToken>();
  const [editing, setEditing] = useState<RunnerToken>();
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
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'nowrap' }} aria-label={t('runners.tokenHint', { hint: token.tokenHint || '…' })}>
                      {`••••${token.tokenHint}`}
                    </Code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {token.description}
                      {token.embedded && <Badge variant="light">{t('runners.embedded')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{token.ipv4range}</Table.Td>
                  <Table.Td ff="monospace">{token.ipv6range}</Table.Td>
                  <Table.Td ta="right">{token.connectedRunners.length}</Table.Td>
                  <Table.Td ta="right">
                    {/* The embedded runner's token belongs to the server (409 on edit and delete). */}
                    {!token.embedded && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('runners.edit')}>
                          <ActionIcon variant="subtle" aria-label={t('runners.editLabel', { name: tokenLabel(token) })} onClick={() => setEditing(token)}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <DeleteIconButton tooltip={t('common.delete')} label={t('runners.deleteLabel', { name: tokenLabel(token) })} onClick={() => setDeleting(token)} />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddTokenRow onAdded={onAdded} />
      <EditTokenModal token={editing} onClose={() => setEditing(undefined)} />
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
