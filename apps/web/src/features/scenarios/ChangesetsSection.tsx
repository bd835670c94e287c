import type { Changeset, Dataset } from '@corridor/contract';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIconButton } from '../../components/DeleteIconButton.tsx';
import { Link } from 'react-router';
import { useChangesets, useDeleteChangeset, useRenameChangeset } from '../../api/changesets.ts';
import { ConfirmDeleteModal } from '../../components/ConfirmDelete.tsx';
import { InlineRename } from '../../components/InlineRename.tsx';
import { Section } from '../../components/Section.tsx';
import { scenarioPath } from './scenarioPaths.ts';

/** The scenario's changesets: rename, delete, open in the Scenario Editor (spec 1 §2.10). */
export function ChangesetsSection({ scenario }: { scenario: Dataset }) {
  const { t } = useTranslation();
  const changesets = useChangesets(scenario.id);
  const rename = useRenameChangeset(scenario.id);
  const remove = useDeleteChangeset(scenario.id);
  const [deleting, setDeleting] = useState<Changeset>();
  const closeDelete = () => {
    setDeleting(undefined);
    remove.reset();
  };
  const list = changesets.data ?? [];

  return (
    <Section title={t('changesets.heading')}>
      {changesets.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : changesets.isError ? (
        <Text c="red">{t('changesets.loadError')}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('changesets.empty')}</Text>
      ) : (
        <Table aria-label={t('changesets.heading')} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('changesets.name')}</Table.Th>
              <Table.Th ta="right">{t('changesets.modifications')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((changeset) => (
              <Table.Tr key={changeset.id}>
                <Table.Td>
                  <InlineRename
                    name={changeset.name}
                    onRename={(name) => rename.mutateAsync({ id: changeset.id, name })}
                  />
                </Table.Td>
                <Table.Td ta="right">{changeset.modifications.length}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      component={Link}
                      to={`${scenarioPath(scenario, 'editor')}?id=${changeset.id}`}
                      size="xs"
                      variant="subtle"
                      leftSection={<IconExternalLink size={14} aria-hidden />}
                      aria-label={t('changesets.openLabel', { name: changeset.name })}
                    >
                      {t('changesets.open')}
                    </Button>
                    <DeleteIconButton
                      tooltip={t('common.delete')}
                      label={t('changesets.deleteLabel', { name: changeset.name })}
                      onClick={() => setDeleting(changeset)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.length > 0 && (
        <Anchor component={Link} to={scenarioPath(scenario, 'export')} size="sm">
          {t('changesets.export')}
        </Anchor>
      )}
      <ConfirmDeleteModal
        opened={deleting !== undefined}
        title={t('changesets.deleteTitle')}
        checkboxLabel={t('changesets.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        <Text>{t('changesets.deleteText', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDeleteModal>
    </Section>
  );
}
