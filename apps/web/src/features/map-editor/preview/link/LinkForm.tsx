import { Button, Group, NumberInput, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import type { LinkData } from '@corridor/changesets';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { AddProperty } from './AddProperty.tsx';
import { AttributeInput } from './AttributeInput.tsx';
import { attributeValue, formValues, hasChanges, knownAttributes, linkChanges, NUMERIC_FIELDS, type LinkFormValues } from './linkForm.ts';

/** The link's fields; keyed by the panel on link id + data so a new link or changed data starts it afresh. */
export function LinkForm({ link, readOnly }: { link: LinkData; readOnly: boolean }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const network = useEditor((state) => state.network);
  const serverAttributes = useEditor((state) => state.linkAttributes);
  const known = useMemo(() => knownAttributes(serverAttributes, network.links.values()), [serverAttributes, network]);
  const [values, setValues] = useState<LinkFormValues>(() => formValues(link));
  const changes = useMemo(() => linkChanges(link, values), [link, values]);
  const changed = hasChanges(changes);

  const save = () => {
    if (changed) store.perform({ type: 'network/updateLink', id: link.id, changes });
  };
  const setAttribute = (name: string, value: LinkFormValues['attributes'][string] | undefined) =>
    setValues((current) => {
      const attributes = { ...current.attributes };
      if (value) attributes[name] = value;
      else delete attributes[name];
      return { ...current, attributes };
    });

  return (
    <Stack
      gap="xs"
      onKeyDown={(event) => {
        // Enter saves (spec 2 §2) unless an input used it (a mode tag, an autocomplete choice).
        if (event.key === 'Enter' && !event.defaultPrevented && !readOnly) save();
      }}
    >
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
        {NUMERIC_FIELDS.map((field) => (
          <NumberInput
            key={field}
            size="xs"
            label={t(`panels.fields.${field}`)}
            value={values[field]}
            min={0}
            readOnly={readOnly}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value === '' ? '' : Number(value) }))}
          />
        ))}
        <TagsInput
          size="xs"
          label={t('panels.fields.modes')}
          value={values.modes}
          readOnly={readOnly}
          onChange={(modes) => setValues((current) => ({ ...current, modes }))}
        />
      </SimpleGrid>
      {Object.keys(values.attributes).length > 0 && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
          {Object.entries(values.attributes).map(([name, value]) => (
            <AttributeInput
              key={name}
              name={name}
              value={value}
              readOnly={readOnly}
              onChange={(next) => setAttribute(name, next)}
              onRemove={() => setAttribute(name, undefined)}
            />
          ))}
        </SimpleGrid>
      )}
      {!readOnly && (
        <Group justify="space-between" align="flex-end">
          <AddProperty
            known={known}
            present={Object.keys(values.attributes)}
            onAdd={(name, type) => setAttribute(name, attributeValue(type, undefined))}
          />
          {changed && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setValues(formValues(link))}>
                {t('panels.link.discard')}
              </Button>
              <Button size="xs" onClick={save}>
                {t('panels.link.save')}
              </Button>
            </Group>
          )}
        </Group>
      )}
    </Stack>
  );
}
