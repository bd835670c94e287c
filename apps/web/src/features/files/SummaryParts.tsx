import type { FileSummary } from '@corridor/contract';
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileSummary } from '../../api/fileSummary.ts';

type SummaryOf<K extends FileSummary['kind']> = Extract<FileSummary, { kind: K }>;

/** Loads the file's summary and shows `children` with it; loading and failure are said in place. */
export function SummaryLoader<K extends FileSummary['kind']>({
  fileId,
  kind,
  children,
}: {
  fileId: number;
  kind: K;
  children: (summary: SummaryOf<K>) => ReactNode;
}) {
  const { t } = useTranslation();
  const summary = useFileSummary(fileId);
  if (summary.isPending) {
    return (
      <Group gap="sm" py="lg" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('fileSummary.loading')}</Text>
      </Group>
    );
  }
  if (summary.isError || summary.data.kind !== kind) {
    const message = summary.isError ? summary.error.message : t('fileSummary.wrongKind');
    return (
      <Alert color="red" role="alert" title={t('fileSummary.errorTitle')}>
        {message}
      </Alert>
    );
  }
  return <>{children(summary.data as SummaryOf<K>)}</>;
}

export function useFormatNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (value) => format.format(value);
}

export function useFormatShare(): (share: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (share) => format.format(share);
}

/** The headline numbers, one labelled card each. */
export function CountCards({ items }: { items: { label: string; value: number }[] }) {
  const formatNumber = useFormatNumber();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: items.length }} spacing="md">
      {items.map((item) => (
        <Paper key={item.label} withBorder p="md" role="group" aria-label={item.label}>
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text size="xl" fw={700}>
            {formatNumber(item.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export interface CountRow {
  name: string;
  /** Shown dimmed, e.g. "(none)" for persons without a subpopulation. */
  muted?: boolean;
  cells: string[];
}

/** A titled table of names and their counts; the title names the table. */
export function CountTable({ title, headers, rows, empty }: { title: string; headers: string[]; rows: CountRow[]; empty: string }) {
  const id = useId();
  return (
    <Stack gap="xs">
      <Title order={4} id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-labelledby={id} striped withTableBorder verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header, index) => (
                  <Table.Th key={header} ta={index === 0 ? undefined : 'right'}>
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Td c={row.muted ? 'dimmed' : undefined} ff="monospace">
                    {row.name}
                  </Table.Td>
                  {row.cells.map((cell, index) => (
                    <Table.Td key={index} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
