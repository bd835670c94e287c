/**
 * A selection's first items as cards, one by one, then how many more there are (the transit and DRT stop previews:
 * a lasso may select hundreds of stops).
 */
import { Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

export function FirstCards({ ids, shown, card, more }: { ids: readonly string[]; shown: number; card: (id: string) => ReactNode; more: (count: number) => string }) {
  return (
    <Stack gap="xs">
      {ids.slice(0, shown).map((id) => (
        <Fragment key={id}>{card(id)}</Fragment>
      ))}
      {ids.length > shown && (
        <Text size="sm" c="dimmed">
          {more(ids.length - shown)}
        </Text>
      )}
    </Stack>
  );
}
