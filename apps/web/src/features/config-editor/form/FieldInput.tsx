import type { ParamDoc } from '@corridor/matsim/config-text';
import { Autocomplete, Checkbox, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIG_CHECKS_NS } from '../i18n/index.ts';
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
  /** MATSim's description and default of the param (the config catalogue). */
  doc?: ParamDoc;
}

/** Values by which MATSim means "not set". */
const UNSET = new Set(['', 'null', 'undefined']);

/** "MATSim default: 1000" while the param is unset; "MATSim default" when the default is not known. */
export function useDefaultPlaceholder(): (doc: ParamDoc | undefined) => string {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(CONFIG_CHECKS_NS);
  return (doc) => {
    if (doc?.default === undefined) return t('configEditor.unsetPlaceholder');
    return UNSET.has(doc.default.trim()) ? tc('params.defaultUnset') : tc('params.defaultValue', { value: doc.default });
  };
}

/**
 * The text under a field's label: the editor's own hint, then MATSim's description, shown in three lines at most
 * (the whole text on hover, and to screen readers as the field's description).
 */
export function fieldDescription(hint: string | undefined, doc: ParamDoc | undefined): ReactNode {
  if (!hint && !doc?.description) return undefined;
  return (
    <>
      {hint && <span style={{ display: 'block' }}>{hint}</span>}
      {doc?.description && (
        <span title={doc.description} style={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {doc.description}
        </span>
      )}
    </>
  );
}

function choices(field: Field & { kind: 'select' }, level: Level, value: string | undefined): string[] {
  const { values } = field.options;
  const list = [...(Array.isArray(values) ? values : (values as Record<Level, readonly string[]>)[level])];
  // A value the file has stays selectable even when the list does not offer it.
  return value && !list.includes(value) ? [...list, value] : list;
}

/** One generic form field (spec 1 §5): text, select (with or without custom values), checkbox or file select. */
export function FieldInput({ field, value, onChange, error, level, files, doc }: FieldInputProps) {
  const { t } = useTranslation();
  const placeholder = useDefaultPlaceholder();
  const description = fieldDescription(field.hint ? t(`configEditor.hint.${field.hint}`) : undefined, doc);
  const errorText = error ? (error.message ? t(`configEditor.pattern.${error.message}`) : true) : undefined;
  const common = { label: field.label, description, error: errorText, placeholder: placeholder(doc) };

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
