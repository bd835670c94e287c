import type { AppliedChangeset } from '@corridor/contract';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangesetsRow } from './ChangesetsRow.tsx';
import type { CompareLine } from './compareLines.ts';
import { RunHeader } from './RunHeader.tsx';
import type { RunColumn } from './runColumns.ts';

const INDENT_PX = 16;
const HIGHLIGHT = 'var(--mantine-color-yellow-light)';

type ParamLine = Extract<CompareLine, { kind: 'param' }>;

/** A setting's value in one run: the value, an "unset" marker, or nothing for a run without a config. */
function ValueCell({ line, compared }: { line: ParamLine; compared: number | null }) {
  const { t } = useTranslation();
  if (compared === null) return <Table.Td />;
  const value = line.values[compared];
  const highlighted = line.highlighted[compared] ?? false;
  return (
    <Table.Td bg={highlighted ? HIGHLIGHT : undefined} data-differs={highlighted || undefined} style={{ wordBreak: 'break-word' }}>
      {value === undefined ? (
        <Text span size="sm" c="dimmed" fs="italic" title={t('compare.unsetTitle')}>
          {t('compare.unset')}
        </Text>
      ) : (
        <Text span size="sm" ff="monospace">
          {value}
        </Text>
      )}
      {highlighted && <VisuallyHidden> ({t('compare.differs')})</VisuallyHidden>}
    </Table.Td>
  );
}

/**
 * The changesets each run applied, then the settings down the side nested by module and parameter set, one column
 * per run (spec 3 §2.6). `compared[i]` is
 * the index of column i among the compared configs, null for a run without one.
 */
export function CompareTable({
  columns,
  compared,
  lines,
  changesets,
}: {
  columns: RunColumn[];
  compared: (number | null)[];
  lines: CompareLine[];
  /** Per column the changesets the run applied (the first row), null for a run that did not load. */
  changesets: (AppliedChangeset[] | null)[];
}) {
  const { t } = useTranslation();
  const span = columns.length + 1;
  return (
    <Table.ScrollContainer minWidth={240 + columns.length * 200}>
      <Table aria-label={t('compare.tableLabel')} withTableBorder withColumnBorders verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={280}>{t('compare.setting')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.id} style={{ verticalAlign: 'top' }}>
                <RunHeader column={column} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <ChangesetsRow lists={changesets} />
          {lines.map((line) =>
            line.kind === 'module' ? (
              <Table.Tr key={line.key} data-kind="module" bg="var(--mantine-color-default-hover)">
                <Table.Th colSpan={span} scope="colgroup">
                  {line.name}
                </Table.Th>
              </Table.Tr>
            ) : line.kind === 'set' ? (
              <Table.Tr key={line.key} data-kind="set">
                <Table.Td colSpan={span} pl={line.depth * INDENT_PX}>
                  <Text span size="sm" c="dimmed">
                    {line.type}
                  </Text>
                  <Text span size="sm" fw={600} ml={6}>
                    {line.label}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={line.key} data-kind="param">
                <Table.Th scope="row" pl={line.depth * INDENT_PX} fw={400}>
                  <Text span size="sm" ff="monospace">
                    {line.name}
                  </Text>
                </Table.Th>
                {columns.map((column, index) => (
                  <ValueCell key={column.id} line={line} compared={compared[index] ?? null} />
                ))}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
