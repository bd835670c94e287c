import { Autocomplete, Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTRIBUTE_TYPES, type AttributeType } from './linkForm.ts';

interface AddPropertyProps {
  /** Known custom attribute names and their types (autocomplete). */
  known: ReadonlyMap<string, AttributeType>;
  /** Names the link already has (not offered again). */
  present: readonly string[];
  onAdd: (name: string, type: AttributeType) => void;
}

/** "Add property": a known name is added at once, an unknown one first asks for its type (spec 2 §2). */
export function AddProperty({ known, present, onAdd }: AddPropertyProps) {
  const { t } = useTranslation('editor');
  const [name, setName] = useState('');
  const [askType, setAskType] = useState(false);
  const [type, setType] = useState<AttributeType>('string');
  const trimmed = name.trim();
  const options = [...known.keys()].filter((option) => !present.includes(option)).sort();

  const finish = (chosen: AttributeType) => {
    onAdd(trimmed, chosen);
    setName('');
    setAskType(false);
  };
  const add = () => {
    if (!trimmed || present.includes(trimmed)) return;
    const knownType = known.get(trimmed);
    if (knownType) finish(knownType);
    else setAskType(true);
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" onKeyDown={(event) => event.key === 'Enter' && event.stopPropagation()}>
      <Autocomplete
        size="xs"
        label={t('panels.link.addProperty')}
        placeholder={t('panels.link.propertyName')}
        data={options}
        value={name}
        onChange={(value) => {
          setName(value);
          setAskType(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !askType) add();
        }}
      />
      {askType ? (
        <>
          <Select
            size="xs"
            w={130}
            label={t('panels.link.propertyType')}
            allowDeselect={false}
            data={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`panels.types.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as AttributeType)}
          />
          <Button size="xs" onClick={() => finish(type)}>
            {t('panels.link.addTyped')}
          </Button>
        </>
      ) : (
        <Button size="xs" variant="default" disabled={!trimmed || present.includes(trimmed)} onClick={add}>
          {t('panels.link.add')}
        </Button>
      )}
    </Group>
  );
}
