import { Autocomplete, Checkbox, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../model/form.ts';
import type { Field, Level } from '../schema/types.ts';

interface FieldInputProps {
  field: Field;
  /** Undefined while the file does not set the param (MATSim's default applies). */
  value: string | undefined;
  onChange: (value: string) => void;
  error?: FieldError;
  level: Level;
  /** Names of the scenario's files, offered by file selects. */
  files: readonly string[];
}

function choices(field: Field & { kind: 'select' }, level: Level, value: string | undefined): string[] {
  const { values } = field.options;
  const list = [...(Array.isArray(values) ? values : (values as Record<Level, readonly string[]>)[level])];
  // A value the file has stays selectable even when the list does not offer it.
  return value && !list.includes(value) ? [...list, value] : list;
}

/** One generic form field (spec 1 §5): text, select (with or without custom values), checkbox or file select. */
export function FieldInput({ field, value, onChange, error, level, files }: FieldInputProps) {
  const { t } = useTranslation();
  const description = field.hint ? t(`configEditor.hint.${field.hint}`) : undefined;
  const errorText = error ? (error.message ? t(`configEditor.pattern.${error.message}`) : true) : undefined;
  const common = { label: field.label, description, error: errorText, placeholder: t('configEditor.unsetPlaceholder') };

  switch (field.kind) {
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          description={description}
          checked={value === undefined || value.trim() === '' ? field.defaultValue : value.trim() === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'select': {
      const data = choices(field, level, value);
      if (field.options.custom) {
        return <Autocomplete {...common} data={data} value={value ?? ''} onChange={onChange} />;
      }
      return <Select {...common} data={data} value={value || null} onChange={(next) => onChange(next ?? '')} clearable />;
    }
    case 'fileSelect':
      return (
        <Autocomplete
          {...common}
          placeholder={t('configEditor.fileSelectPlaceholder')}
          data={[...new Set(files)]}
          value={value ?? ''}
          onChange={onChange}
        />
      );
    case 'text':
      return <TextInput {...common} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
