import type { DashboardVariable } from '@corridor/contract';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconTableOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { importPath } from './paths.ts';
import type { DatasetChoice } from './variables.ts';

/** Spec 3 §2.2: when the only dataset has no tables, say so and link to its import. */
export function NoTablesNotice({ groupName, variables, datasets }: { groupName: string; variables: DashboardVariable[]; datasets: DatasetChoice[] }) {
  const { t } = useTranslation('dashboards');
  const only = variables.length === 1 ? variables[0]! : undefined;
  const dataset = only && datasets.find((choice) => choice.id === only.id);
  if (!dataset || dataset.tableCount > 0) return null;
  return (
    <Alert color="yellow" icon={<IconTableOff size={18} aria-hidden />} title={t('board.noTables.title')}>
      <Text size="sm">{t('board.noTables.text')}</Text>
      <Anchor component={Link} to={importPath(groupName, dataset.id)} size="sm">
        {t('board.noTables.link')}
      </Anchor>
    </Alert>
  );
}
