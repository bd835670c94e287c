import type { Config, UnknownConfigParam } from '@corridor/matsim/config-text';
import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readValue, writeValue } from '../model/binding.ts';
import { errorFor, type FieldError } from '../model/form.ts';
import { fieldDoc, formView, type TabView } from '../model/view.ts';
import { CONFIG_SCHEMA } from '../schema/schema.ts';
import type { Level } from '../schema/types.ts';
import { FieldInput } from './FieldInput.tsx';
import { GroupList } from './GroupList.tsx';
import { OtherParams, SetSection } from './ParamFields.tsx';
import { UnknownParamsAlert } from './UnknownParams.tsx';

interface ConfigFormProps {
  config: Config;
  level: Level;
  errors: readonly FieldError[];
  /** Params MATSim does not know, shown in their module's tab. */
  unknown: readonly UnknownConfigParam[];
  files: readonly string[];
  onChange: (change: (config: Config) => Config) => void;
}

/**
 * The form view: one tab per module with something to show — every param the file has, at every level, and what
 * the level offers of params the file lacks (the schema's fields of the level; at expert every param MATSim documents).
 */
export function ConfigForm({ config, level, errors, unknown, files, onChange }: ConfigFormProps) {
  const { t } = useTranslation();
  const tabs = formView(CONFIG_SCHEMA, config, level);
  const [active, setActive] = useState<string | null>(null);
  const current = tabs.find((tab) => tab.module === active) ?? tabs[0];

  return (
    <Tabs value={current?.module ?? null} onChange={setActive} keepMounted={false}>
      <Tabs.List aria-label={t('configEditor.modules')}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.module} value={tab.module} color={unknown.some((u) => u.module === tab.module) ? 'yellow' : undefined}>
            {tab.module}
            {unknown.some((u) => u.module === tab.module) && ' ⚠'}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.module} value={tab.module} pt="md">
          <Stack gap="md">
            <UnknownParamsAlert unknown={unknown.filter((u) => u.module === tab.module)} inTab />
            <ModuleFields tab={tab} config={config} level={level} errors={errors} files={files} onChange={onChange} />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

interface ModuleFieldsProps extends Omit<ConfigFormProps, 'unknown'> {
  tab: TabView;
}

function ModuleFields({ tab, config, level, errors, files, onChange }: ModuleFieldsProps) {
  return (
    <Stack gap="lg">
      {tab.fields.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {tab.fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              level={level}
              files={files}
              doc={fieldDoc(field)}
              value={readValue(config, field.binding)}
              error={errorFor(errors, field.id)}
              onChange={(value) => onChange((current) => writeValue(current, field.binding, value))}
            />
          ))}
        </SimpleGrid>
      )}
      <OtherParams module={tab.module} params={tab.params} onChange={onChange} />
      {tab.groups.map((group) => (
        <GroupList key={group.id} group={group} config={config} level={level} errors={errors} files={files} onChange={onChange} />
      ))}
      {tab.sets.map((set) => (
        <SetSection key={set.key} module={tab.module} set={set} onChange={onChange} />
      ))}
    </Stack>
  );
}
