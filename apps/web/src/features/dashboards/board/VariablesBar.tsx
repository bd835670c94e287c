import type { DashboardItem, DashboardVariable } from '@corridor/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardDraft } from './useBoard.ts';
import { VariableRow } from './VariableRow.tsx';
import { canDeleteVariable, type DatasetChoice, nextVariableName, renameVariable } from './variables.ts';

interface Props {
  groupName: string;
  datasets: DatasetChoice[];
  variables: DashboardVariable[];
  items: DashboardItem[];
  editable: boolean;
  update: (change: (draft: BoardDraft) => BoardDraft) => void;
}

/** A dataset picker: scenarios and runs of the group, with their table counts. */
export function datasetOptions(datasets: DatasetChoice[], scenarioLabel: string, runLabel: string) {
  return [
    { group: scenarioLabel, items: datasets.filter((d) => d.datasetType === 1).map((d) => ({ value: String(d.id), label: `${d.name} (${d.tableCount})` })) },
    { group: runLabel, items: datasets.filter((d) => d.datasetType !== 1).map((d) => ({ value: String(d.id), label: `${d.name} (${d.tableCount})` })) },
  ].filter((group) => group.items.length > 0);
}

/** The board's dataset variables (spec 3 §2.2) and 'Add dataset for comparative analysis'. */
export function VariablesBar({ groupName, datasets, variables, items, editable, update }: Props) {
  const { t } = useTranslation('dashboards');
  const [adding, setAdding] = useState(false);
  const options = datasetOptions(datasets, t('board.variables.scenario'), t('board.variables.run'));

  const addVariable = (id: number) => {
    update((current) => ({ ...current, variables: [...current.variables, { name: nextVariableName(current.variables), id }] }));
    setAdding(false);
  };

  return (
    <Stack gap={6} aria-label={t('board.variables.heading')} component="section">
      {variables.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('board.variables.none')}
        </Text>
      )}
      {variables.map((variable, index) => (
        <VariableRow
          key={`${index}-${variable.name}`}
          groupName={groupName}
          variable={variable}
          index={index}
          variables={variables}
          dataset={datasets.find((dataset) => dataset.id === variable.id)}
          options={options}
          editable={editable}
          deletable={canDeleteVariable(variable.name, variables, items)}
          onDataset={(id) => update((current) => ({ ...current, variables: current.variables.map((v, i) => (i === index ? { ...v, id } : v)) }))}
          onRename={(name) =>
            update((current) => ({
              ...current,
              variables: current.variables.map((v, i) => (i === index ? { ...v, name } : v)),
              panels: current.panels.map((panel) => ({ ...panel, item: renameVariable([panel.item], variable.name, name)[0]! })),
            }))
          }
          onDelete={() => update((current) => ({ ...current, variables: current.variables.filter((_, i) => i !== index) }))}
        />
      ))}
      {editable && (
        <Group gap="xs">
          {adding || variables.length === 0 ? (
            <Select
              aria-label={t('board.variables.choose')}
              placeholder={t('board.variables.choose')}
              data={options}
              searchable
              w={360}
              onChange={(value) => value && addVariable(Number(value))}
            />
          ) : (
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
              {t('board.variables.add')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
