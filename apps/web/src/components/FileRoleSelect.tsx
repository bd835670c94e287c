import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SingleRole } from './fileRoles.ts';

interface FileRoleSelectProps extends Omit<SelectProps, 'label' | 'data'> {
  role: SingleRole;
  options: SelectProps['data'];
  required: boolean;
}

/** The file select of one role (schedule-run, Export Scenario); the rest of the props come from the form. */
export function FileRoleSelect({ role, options, required, ...input }: FileRoleSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(`schedule.roles.${role}`)}
      placeholder={t('schedule.selectFile')}
      data={options}
      searchable
      clearable={!required}
      withAsterisk={required}
      nothingFoundMessage={t('schedule.noFiles')}
      {...input}
    />
  );
}

/** The select of the additional input files (role `input`, any number). */
export function InputFilesSelect({ options, ...input }: Omit<MultiSelectProps, 'label' | 'data'> & { options: MultiSelectProps['data'] }) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t('schedule.roles.input')}
      placeholder={t('schedule.selectFiles')}
      data={options}
      searchable
      clearable
      nothingFoundMessage={t('schedule.noFiles')}
      {...input}
    />
  );
}
