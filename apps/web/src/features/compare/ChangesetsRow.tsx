import { FILE_ROLES, type AppliedChangeset, type FileRole } from '@corridor/contract';
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changesetHighlights } from './appliedChangesets.ts';

const HIGHLIGHT = 'var(--mantine-color-yellow-light)';

/** The input files (by role) the changeset changed, as the run recorded them (issue 28; older runs have none). */
const changedFiles = (changeset: AppliedChangeset): FileRole[] => (changeset.files ?? []).filter((role): role is FileRole => (FILE_ROLES as readonly string[]).includes(role));

/** The row "Changesets": per run the changesets applied to its inputs, in order, with the files each changed (issues 13, 28); null: run not loaded. */
export function ChangesetsRow({ lists }: { lists: (AppliedChangeset[] | null)[] }) {
  const { t } = useTranslation();
  const highlighted = changesetHighlights(lists);
  return (
    <Table.Tr data-kind="changesets">
      <Table.Th scope="row" fw={600}>
        {t('compare.changesets')}
      </Table.Th>
      {lists.map((list, index) => (
        <Table.Td key={index} bg={highlighted[index] ? HIGHLIGHT : undefined} data-differs={highlighted[index] || undefined}>
          {list === null ? null : list.length === 0 ? (
            <Text span size="sm" c="dimmed" fs="italic">
              {t('compare.noChangesets')}
            </Text>
          ) : (
            <Stack component="ol" gap={2} m={0} pl="md">
              {list.map((changeset) => (
                <Text component="li" key={changeset.id} size="sm">
                  {t('compare.appliedChangeset', { name: changeset.name, count: changeset.modifications })}
                  {changedFiles(changeset).length > 0 && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {t('compare.changedFiles', { files: changedFiles(changeset).map((role) => t(`schedule.roles.${role}`)).join(', ') })}
                    </Text>
                  )}
                </Text>
              ))}
            </Stack>
          )}
          {highlighted[index] && <VisuallyHidden> ({t('compare.differs')})</VisuallyHidden>}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
