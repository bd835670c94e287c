import type { UnknownConfigParam } from '@corridor/matsim/config-text';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFIG_CHECKS_NS } from '../i18n/index.ts';

/** One unknown param as the editor words it: module, param and the nearest known name. */
export function UnknownParamLine({ unknown }: { unknown: UnknownConfigParam }) {
  const { t } = useTranslation(CONFIG_CHECKS_NS);
  const place = unknown.set === undefined
    ? t('unknown.param', { param: unknown.param, module: unknown.module })
    : t('unknown.paramInSet', { param: unknown.param, set: unknown.set, module: unknown.module });
  return (
    <>
      {place}
      {unknown.suggestion !== undefined && `: ${t('unknown.suggestion', { suggestion: unknown.suggestion })}`}
    </>
  );
}

/**
 * The params of the config that MATSim's core modules do not know (issue 24). Above the form for all modules; in a
 * module's tab (`inTab`) for that module's only.
 */
export function UnknownParamsAlert({ unknown, inTab = false }: { unknown: readonly UnknownConfigParam[]; inTab?: boolean }) {
  const { t } = useTranslation(CONFIG_CHECKS_NS);
  if (unknown.length === 0) return null;
  return (
    <Alert color="yellow" role="alert" title={inTab ? t('unknown.inTab') : t('unknown.title')} data-testid={inTab ? 'unknown-params-tab' : 'unknown-params'}>
      <List size="sm" spacing={2}>
        {unknown.map((item) => (
          <List.Item key={`${item.module}/${item.set ?? ''}/${item.param}`}>
            <UnknownParamLine unknown={item} />
          </List.Item>
        ))}
      </List>
      {!inTab && (
        <Text size="sm" mt="xs">
          {t('unknown.text')}
        </Text>
      )}
    </Alert>
  );
}
