import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A profile list's states: a loading line while it loads, the empty text once it is loaded and empty, else the
 * rows through `children`. A failed load shows nothing (spec 1 §8: it is only logged).
 */
export function LoadedList<T>({ query, empty, children }: { query: { isPending: boolean; data?: T[] }; empty: string; children: (rows: T[]) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!query.data) return null;
  return query.data.length === 0 ? <Text c="dimmed">{empty}</Text> : children(query.data);
}
