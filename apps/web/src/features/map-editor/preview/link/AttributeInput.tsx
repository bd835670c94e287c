import { ActionIcon, Checkbox, Group, NumberInput, TextInput } from '@mantine/core';
import type { CustomAttribute } from '@corridor/contract';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { attributeValue } from './linkForm.ts';

interface AttributeInputProps {
  name: string;
  value: CustomAttribute;
  readOnly: boolean;
  onChange: (value: CustomAttribute) => void;
  onRemove: () => void;
}

/** One custom property, its input by type (integer without decimals, spec 2 §5), with a remove button. */
export function AttributeInput({ name, value, readOnly, onChange, onRemove }: AttributeInputProps) {
  const { t } = useTranslation('editor');
  const label = `${name} (${t(`panels.types.${value.type}`)})`;
  const input = (() => {
    switch (value.type) {
      case 'bool':
        return <Checkbox mt="lg" label={label} checked={value.value} disabled={readOnly} onChange={(event) => onChange(attributeValue('bool', event.currentTarget.checked))} />;
      case 'string':
        return <TextInput size="xs" label={label} value={value.value} readOnly={readOnly} onChange={(event) => onChange(attributeValue('string', event.currentTarget.value))} />;
      default:
        return (
          <NumberInput
            size="xs"
            label={label}
            value={value.value}
            readOnly={readOnly}
            allowDecimal={value.type === 'decimal'}
            onChange={(input) => onChange(attributeValue(value.type, input))}
          />
        );
    }
  })();
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      {input}
      {!readOnly && (
        <ActionIcon variant="subtle" color="gray" mb={4} aria-label={t('panels.link.removeProperty', { name })} onClick={onRemove}>
          <IconX size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
