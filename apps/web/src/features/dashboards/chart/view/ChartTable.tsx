/** The table chart type: a Mantine table of the answers, numbers formatted (spec 1 §9), scrolling in its panel. */
import { ScrollArea, Table } from '@mantine/core';
import { formatCell, type TableRows } from '../model/index.ts';

export function ChartTable({ data, height }: { data: TableRows; height: number }) {
  return (
    <ScrollArea h={height} type="auto">
      <Table striped highlightOnHover stickyHeader withTableBorder fz="sm" data-chart-drawn="true">
        <Table.Thead>
          <Table.Tr>
            {data.columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row, i) => (
            // Rows have no identity of their own; the answer is replaced whole.
            <Table.Tr key={i}>
              {row.map((cell, j) => (
                <Table.Td key={j} ta={typeof cell === 'number' ? 'right' : undefined}>
                  {formatCell(cell)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
