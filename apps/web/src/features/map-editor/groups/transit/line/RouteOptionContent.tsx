/** One route as the Routes card lists it (spec 2 §2): label, first → last stop, departure range, counts, mode. */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import type { RouteOption } from './routeOption.ts';

export function RouteOptionContent({ option, inline }: { option: RouteOption; inline?: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const parts = [
    option.from !== undefined ? t('panels.line.routes.fromTo', { from: option.from, to: option.to }) : t('panels.line.routes.noStops'),
    ...(option.first !== undefined ? [t('panels.line.routes.range', { first: option.first, last: option.last })] : []),
    t('panels.line.routes.departures', { count: option.departures }),
    t('panels.line.routes.stops', { count: option.stops }),
    option.mode || t('panels.line.routes.noMode'),
  ];
  if (inline) return <>{parts.join(' · ')}</>;
  const [stops, ...rest] = parts;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {option.label}
      </Text>
      <Text size="xs" c="dimmed">
        {stops}
      </Text>
      <Text size="xs" c="dimmed">
        {rest.join(' · ')}
      </Text>
    </Stack>
  );
}
