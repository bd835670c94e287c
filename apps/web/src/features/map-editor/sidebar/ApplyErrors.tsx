/**
 * A yellow notice in change management while modifications of the open changeset cannot be applied to the loaded
 * network (a saved one on links not loaded or gone, an imported one): how many, and why, one line each. It goes
 * when they apply (after a load) or leave the history.
 */
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor } from '../state/context.ts';
import { applyErrorLines } from './applyErrors.ts';

export function ApplyErrors() {
  const { t } = useTranslation(EDITOR_NS);
  const errors = useEditor((state) => state.applyErrors);
  if (errors.length === 0) return null;
  const { lines, more } = applyErrorLines(errors, (key, params) => t(key as 'map.label', params));
  return (
    <Alert color="yellow" title={t('page.applyErrors', { count: errors.length })} role="status" data-testid="apply-errors" p="xs">
      <List size="xs" spacing={2}>
        {lines.map((line, index) => (
          <List.Item key={index}>{line}</List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="xs" mt={4}>
          {t('sidebar.changes.applyErrorsMore', { count: more })}
        </Text>
      )}
    </Alert>
  );
}
