import type { Config, UnknownConfigParam } from '@corridor/matsim/config-text';
import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readValue, writeValue } from '../model/binding.ts';
import { errorFor, itemVisible, viewContext, visibleTabs, type FieldError } from '../model/form.ts';
import { CONFIG_SCHEMA } from '../schema/schema.ts';
import type { Field, GroupItem, Level, ModuleTab } from '../schema/types.ts';
import { FieldInput } from './FieldInput.tsx';
import { GroupList } from './GroupList.tsx';
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

/** The form view: one tab per module the level shows, its fields and repeated groups. */
export function ConfigForm({ config, level, errors, unknown, files, onChange }: ConfigFormProps) {
  const { t } = useTranslation();
  const context = viewContext(config, level);
  const tabs = visibleTabs(CONFIG_SCHEMA, config, context);
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
            <ModuleFields tab={tab} config={config} context={context} errors={errors} files={files} onChange={onChange} />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

interface ModuleFieldsProps extends Omit<ConfigFormProps, 'level' | 'unknown'> {
  tab: ModuleTab;
  context: ReturnType<typeof viewContext>;
}

function ModuleFields({ tab, config, context, errors, files, onChange }: ModuleFieldsProps) {
  const items = tab.items.filter((item) => itemVisible(item, context));
  const fields = items.filter((item): item is Field => item.kind !== 'group');
  const groups = items.filter((item): item is GroupItem => item.kind === 'group');
  return (
    <Stack gap="lg">
      {fields.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              level={context.level}
              files={files}
              value={readValue(config, field.binding)}
              error={errorFor(errors, field.id)}
              onChange={(value) => onChange((current) => writeValue(current, field.binding, value))}
            />
          ))}
        </SimpleGrid>
      )}
      {groups.map((group) => (
        <GroupList key={group.id} group={group} config={config} context={context} errors={errors} files={files} onChange={onChange} />
      ))}
    </Stack>
  );
}
