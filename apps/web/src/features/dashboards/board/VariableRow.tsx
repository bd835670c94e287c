import type { DashboardVariable } from '@corridor/contract';
import { ActionIcon, Anchor, Badge, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFolder, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { importPath } from './paths.ts';
import type { datasetOptions } from './VariablesBar.tsx';
import { type DatasetChoice, isScenario, variableNameProblem } from './variables.ts';

interface Props {
  groupName: string;
  variable: DashboardVariable;
  index: number;
  variables: DashboardVariable[];
  dataset: DatasetChoice | undefined;
  options: ReturnType<typeof datasetOptions>;
  editable: boolean;
  deletable: boolean;
  onDataset: (id: number) => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}

/** One dataset variable: icon (scenario or run), name, dataset, table count, 'Import data...', delete. */
export function VariableRow({ groupName, variable, index, variables, dataset, options, editable, deletable, onDataset, onRename, onDelete }: Props) {
  const { t } = useTranslation('dashboards');
  const [name, setName] = useState(variable.name);
  const problem = variableNameProblem(name, variables, index);
  const commit = () => {
    if (problem === null && name.trim() !== variable.name) onRename(name.trim());
  };
  const Icon = dataset && isScenario(dataset) ? IconFolder : IconPlayerPlay;
  const datasetName = dataset?.name ?? t('board.variables.unknown', { id: variable.id });
  return (
    <Group gap="sm" wrap="wrap" data-variable={variable.name}>
      <Tooltip label={dataset && isScenario(dataset) ? t('board.variables.scenario') : t('board.variables.run')}>
        <Icon size={18} aria-label={dataset && isScenario(dataset) ? t('board.variables.scenario') : t('board.variables.run')} />
      </Tooltip>
      {editable ? (
        <TextInput
          aria-label={t('board.variables.rename')}
          size="xs"
          w={140}
          value={name}
          error={problem ? t(`board.variables.${problem}`) : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
      ) : (
        <Badge variant="light" tt="none">
          {variable.name}
        </Badge>
      )}
      {editable ? (
        <Select
          aria-label={t('board.variables.dataset', { name: variable.name })}
          size="xs"
          w={280}
          searchable
          data={options}
          value={String(variable.id)}
          allowDeselect={false}
          onChange={(value) => value && onDataset(Number(value))}
        />
      ) : (
        <Text size="sm" fw={500}>
          {datasetName}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('board.variables.tables', { count: dataset?.tableCount ?? 0 })}
      </Text>
      <Anchor component={Link} to={importPath(groupName, variable.id)} size="sm">
        {t('board.variables.importData')}
      </Anchor>
      {editable && (
        <Tooltip label={variables.length > 1 ? t('board.variables.inUse') : t('board.variables.onlyOne')} disabled={deletable}>
          <ActionIcon variant="subtle" color="red" aria-label={t('board.variables.delete', { name: variable.name })} disabled={!deletable} onClick={onDelete}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
