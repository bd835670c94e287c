import type { DatasetSummary } from '@corridor/contract';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { scenarioPath } from './scenarioPaths.ts';
import { ScenarioPreview } from './ScenarioPreview.tsx';

interface ScenarioCardProps {
  scenario: DatasetSummary;
  /** The team name is worth showing only to users with more than one team. */
  showTeam?: boolean;
  compact?: boolean;
}

/** A scenario in a list: preview image, name linking to its overview, team and creation date. */
export function ScenarioCard({ scenario, showTeam, compact }: ScenarioCardProps) {
  const { i18n } = useTranslation();
  const to = scenarioPath(scenario);
  return (
    <Card withBorder padding="sm" component="article" aria-label={scenario.name}>
      <Card.Section>
        <Link to={to} tabIndex={-1} aria-hidden>
          <ScenarioPreview scenario={scenario} height={compact ? 110 : 150} />
        </Link>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Anchor component={Link} to={to} fw={600} truncate>
            {scenario.name}
          </Anchor>
          {showTeam && (
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
              {scenario.groupName}
            </Badge>
          )}
        </Group>
        {!compact && scenario.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {scenario.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatDateTime(scenario.created, i18n.language)}
        </Text>
      </Stack>
    </Card>
  );
}
