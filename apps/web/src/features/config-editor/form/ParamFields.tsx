import type { Config } from '@corridor/matsim/config-text';
import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFIG_CHECKS_NS } from '../i18n/index.ts';
import { appendToSet, writeAtPath, writeValue } from '../model/binding.ts';
import type { ParamView, SetView } from '../model/view.ts';
import { fieldDescription, useDefaultPlaceholder } from './FieldInput.tsx';

type Change = (change: (config: Config) => Config) => void;

/** Writes a plain field: in place where the file has the param, else into its parameterset or module. */
function writeParam(config: Config, module: string, param: ParamView, value: string): Config {
  if (param.path) return writeAtPath(config, param.path, value);
  if (param.target) return appendToSet(config, param.target, param.name, value);
  return writeValue(config, `${module}.${param.name}`, value);
}

/** A param the schema has no field for: a text field with MATSim's description and default. */
function ParamField({ module, param, onChange }: { module: string; param: ParamView; onChange: Change }) {
  const placeholder = useDefaultPlaceholder();
  return (
    <TextInput
      label={param.name}
      description={fieldDescription(undefined, param.doc)}
      placeholder={placeholder(param.doc)}
      value={param.value ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onChange((current) => writeParam(current, module, param, value));
      }}
    />
  );
}

/** Plain fields in the form's two columns. */
export function ParamGrid({ module, params, onChange }: { module: string; params: readonly ParamView[]; onChange: Change }) {
  if (params.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {params.map((param) => (
        <ParamField key={param.key} module={module} param={param} onChange={onChange} />
      ))}
    </SimpleGrid>
  );
}

/** The module's params the schema has no field for, under "Other parameters". */
export function OtherParams({ module, params, onChange }: { module: string; params: readonly ParamView[]; onChange: Change }) {
  const { t } = useTranslation(CONFIG_CHECKS_NS);
  if (params.length === 0) return null;
  return (
    <Stack component="section" aria-label={t('params.other')} gap="sm">
      <Title order={4}>{t('params.other')}</Title>
      <ParamGrid module={module} params={params} onChange={onChange} />
    </Stack>
  );
}

/** A parameterset the schema has no group for: its type, its params and nested sets. */
export function SetSection({ module, set, onChange }: { module: string; set: SetView; onChange: Change }) {
  const { t } = useTranslation(CONFIG_CHECKS_NS);
  const title = t('params.set', { type: set.type });
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Text fw={500}>{title}</Text>
          <Text size="xs" c="dimmed">
            {t('params.setHelp')}
          </Text>
        </div>
        <ParamGrid module={module} params={set.params} onChange={onChange} />
        {set.sets.map((inner) => (
          <SetSection key={inner.key} module={module} set={inner} onChange={onChange} />
        ))}
      </Stack>
    </Paper>
  );
}
