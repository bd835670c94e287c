import type { Crs } from '@corridor/contract';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CRS_SEARCH_MIN, useCrs, useCrsSearch } from '../api/catalogues.ts';

const SEARCH_DEBOUNCE_MS = 250;

export function crsLabel(crs: Crs): string {
  return `${crs.code} – ${crs.name}`;
}

interface CrsSelectProps {
  value: string | null;
  onChange: (code: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  /** Marks the field as required (an asterisk), for forms that cannot go on without a CRS. */
  required?: boolean;
}

/** Coordinate reference system, searched on the server from 2 typed characters (spec 1 §5); MATSim's names (`GK4`) too. */
export function CrsSelect({ value, onChange, label, error, disabled, required }: CrsSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const selected = useCrs(value ?? undefined);
  // While the field shows the chosen entry, its label is no search.
  const query = selected.crs && debounced === crsLabel(selected.crs) ? '' : debounced;
  const results = useCrsSearch(query);

  const data = useMemo(() => {
    const entries = [...(selected.crs ? [selected.crs] : []), ...(results.data ?? [])];
    const seen = new Set<string>();
    const options = entries
      .filter((entry) => !seen.has(entry.code) && seen.add(entry.code))
      .map((entry) => ({ value: entry.code, label: crsLabel(entry) }));
    // A code the search does not know yet still shows as itself.
    if (value && !seen.has(value)) options.unshift({ value, label: value });
    return options;
  }, [selected.crs, results.data, value]);

  const tooShort = query.trim().length < CRS_SEARCH_MIN;
  return (
    <Select
      label={label ?? t('crs.label')}
      placeholder={t('crs.placeholder')}
      searchable
      allowDeselect={false}
      data={data}
      value={value}
      onChange={(code) => code && onChange(code)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; its order is the relevance order.
      filter={({ options }) => options}
      nothingFoundMessage={tooShort ? t('crs.typeMore') : t('crs.nothingFound')}
      rightSection={results.isFetching ? <Loader size={14} /> : undefined}
      error={error}
      disabled={disabled}
      withAsterisk={required}
    />
  );
}
