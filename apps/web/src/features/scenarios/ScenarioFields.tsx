import type { DetectedCrs } from '@corridor/contract';
import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrsDetected } from '../../components/CrsDetected.tsx';
import { CrsSelect } from '../../components/CrsSelect.tsx';
import type { ScenarioForm } from './scenarioForm.ts';

/**
 * Name, key, description, CRS and job type of a scenario (creation and edit "general"); under the CRS, the one
 * its files name (`detected`, issue 24), offered when the form holds another.
 */
export function ScenarioFields({ scenarioForm, detected }: { scenarioForm: ScenarioForm; detected?: DetectedCrs }) {
  const { t } = useTranslation();
  const { form, nameProps, keyProps, jobTemplates } = scenarioForm;
  return (
    <>
      <TextInput label={t('scenarioForm.name')} {...nameProps} />
      <TextInput
        label={t('scenarioForm.key')}
        description={t('scenarioForm.keyHint')}
        {...keyProps}
      />
      <Textarea label={t('scenarioForm.description')} autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
      <Stack gap={4}>
        <CrsSelect
          value={form.values.crs}
          onChange={(crs) => form.setFieldValue('crs', crs)}
          error={form.errors.crs as string | undefined}
        />
        <CrsDetected detected={detected} current={form.values.crs} onUse={(crs) => form.setFieldValue('crs', crs)} />
      </Stack>
      <Select
        label={t('scenarioForm.jobType')}
        placeholder={jobTemplates.isPending ? t('common.loading') : t('scenarioForm.noJobType')}
        data={(jobTemplates.data?.jobTemplates ?? []).map((template) => ({
          value: String(template.id),
          label: template.name,
        }))}
        allowDeselect={false}
        {...form.getInputProps('jobType')}
      />
    </>
  );
}
