import { Button, Group, NumberInput, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import { LINK } from '@corridor/changesets';
import type { NetworkLink } from '@corridor/contract';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { AddProperty } from './AddProperty.tsx';
import { AttributeInput } from './AttributeInput.tsx';
import { attributeValue, formErrors, formValues, hasChanges, knownAttributes, linkChanges, NUMERIC_FIELDS, type LinkFormValues } from './linkForm.ts';

/** A press on these buttons must not take the focus first: the field's blur would commit before Discard runs. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The link's fields (spec 2 §2; issue 25): a typed value is committed as one `network/updateLink` when the field is
 * left (Tab, a click elsewhere) or on Enter; Escape puts the link's values back. A form with an invalid number
 * commits nothing and keeps the field's error. Keyed by the panel on the link id only, so a commit does not remount
 * the form (Tab goes on to the next field); when the link's data changes (a commit, undo, another edit) the fields
 * start again from it.
 */
export function LinkForm({ link, readOnly }: { link: NetworkLink; readOnly: boolean }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.dataRevision);
  const serverAttributes = useEditor((state) => state.linkAttributes);
  // The loaded links' attributes once per load (the graph keeps its identity then: `revision`), the edited links'
  // on each edit: an edit costs what it changed, not a pass over every loaded link.
  const loadedKnown = useMemo(() => knownAttributes(serverAttributes, graph.base.values(LINK) as Iterable<NetworkLink>), [serverAttributes, graph.base, revision]);
  const known = useMemo(() => {
    const edited = [...graph.changedEntities<NetworkLink>(LINK)].flatMap(([, now]) => (now ? [now] : []));
    return edited.length === 0 ? loadedKnown : knownAttributes([], edited, loadedKnown);
  }, [loadedKnown, graph]);
  const [values, setValues] = useState<LinkFormValues>(() => formValues(link));
  const linkValues = JSON.stringify(formValues(link));
  const [from, setFrom] = useState(linkValues);
  // The link's values changed under the form (derived state: React re-renders at once with the link's values).
  if (from !== linkValues) {
    setFrom(linkValues);
    setValues(formValues(link));
  }
  const changes = useMemo(() => linkChanges(link, values), [link, values]);
  const errors = useMemo(() => formErrors(values), [values]);
  const valid = Object.keys(errors).length === 0;
  const changed = hasChanges(changes);
  // A commit asked for by a blur runs after the render that holds the field's last value (a tag typed into Modes
  // is added on blur, in the same event).
  const [commitAsked, setCommitAsked] = useState(0);

  const save = () => {
    if (!readOnly && changed && valid) store.perform({ type: 'network/updateLink', id: link.id, changes });
  };
  const saveRef = useLatest(save);
  useEffect(() => {
    if (commitAsked > 0) saveRef.current();
  }, [commitAsked, saveRef]);

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
      onBlur={(event) => {
        // Leaving a field commits it; moving inside one field (a tag's remove button) does not.
        const next = event.relatedTarget as Node | null;
        const field = (event.target as HTMLElement).closest('[data-link-field]');
        if (field && next && field.contains(next)) return;
        setCommitAsked((n) => n + 1);
      }}
      onKeyDown={(event) => {
        // Enter saves (spec 2 §2) unless an input used it (a mode tag, an autocomplete choice); Escape cancels.
        if (readOnly) return;
        if (event.key === 'Enter' && !event.defaultPrevented) save();
        if (event.key === 'Escape' && (changed || !valid)) {
          event.stopPropagation();
          setValues(formValues(link));
        }
      }}
    >
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
        {NUMERIC_FIELDS.map((field) => (
          <NumberInput
            key={field}
            data-link-field={field}
            size="xs"
            label={t(`panels.fields.${field}`)}
            value={values[field]}
            min={0}
            clampBehavior="none"
            error={errors[field] ? t(`panels.errors.${errors[field]}`) : undefined}
            readOnly={readOnly}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          />
        ))}
        <div data-link-field="modes">
          <TagsInput
            size="xs"
            label={t('panels.fields.modes')}
            value={values.modes}
            readOnly={readOnly}
            onChange={(modes) => setValues((current) => ({ ...current, modes }))}
          />
        </div>
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
          {(changed || !valid) && (
            <Group gap="xs">
              <Button size="xs" variant="default" onMouseDown={keepFocus} onClick={() => setValues(formValues(link))}>
                {t('panels.link.discard')}
              </Button>
              <Button size="xs" onMouseDown={keepFocus} disabled={!valid} onClick={save}>
                {t('panels.link.save')}
              </Button>
            </Group>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** A ref that always holds the latest value (for an effect that must call the current closure). */
function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
