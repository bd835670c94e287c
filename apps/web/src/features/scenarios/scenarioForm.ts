import { DatasetKey, type DatasetAttributes } from '@corridor/contract';
import { useForm } from '@mantine/form';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobTemplates } from '../../api/catalogues.ts';
import { isReservedScenarioKey, scenarioKeyFromName } from './scenarioKey.ts';

/** The fields that scenario creation and the edit section "general" share. */
export interface ScenarioFormValues {
  name: string;
  key: string;
  description: string;
  crs: string | null;
  /** A job template id as the select holds it. */
  jobType: string | null;
}

/** `attributes` of the create/update call from the form values. */
export function scenarioAttributes(values: ScenarioFormValues): DatasetAttributes {
  const attributes: DatasetAttributes = {};
  if (values.crs) attributes.__crs = values.crs;
  if (values.jobType) attributes.__jobType = Number(values.jobType);
  return attributes;
}

/**
 * The scenario form. With `keyFollowsName` the key is derived from the name while typing until
 * the key is edited by hand (spec 1 §2.9).
 */
export function useScenarioForm(initialValues: ScenarioFormValues, keyFollowsName: boolean) {
  const { t } = useTranslation();
  const keyEdited = useRef(!keyFollowsName);
  const form = useForm<ScenarioFormValues>({
    initialValues,
    validate: {
      name: (value) => (value.trim() ? null : t('scenarioForm.nameRequired')),
      key: (value) => {
        if (!value.trim()) return t('scenarioForm.keyRequired');
        if (!DatasetKey.safeParse(value).success) return t('scenarioForm.keyInvalid');
        return isReservedScenarioKey(value) ? t('scenarioForm.keyReserved') : null;
      },
    },
  });

  // Job type: the default job template if set, else the first (spec 1 §9). `form` is stable.
  const templates = useJobTemplates();
  const { jobType } = form.values;
  useEffect(() => {
    const answer = templates.data;
    if (jobType !== null || !answer || answer.jobTemplates.length === 0) return;
    const preferred = answer.jobTemplates.find((template) => template.id === answer.defaultJobTemplate);
    form.setFieldValue('jobType', String((preferred ?? answer.jobTemplates[0]!).id));
  }, [templates.data, jobType]);

  const nameProps = {
    ...form.getInputProps('name'),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const name = event.currentTarget.value;
      form.setFieldValue('name', name);
      if (!keyEdited.current) form.setFieldValue('key', scenarioKeyFromName(name));
    },
  };
  const keyProps = {
    ...form.getInputProps('key'),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      keyEdited.current = true;
      form.setFieldValue('key', event.currentTarget.value);
    },
  };
  return { form, nameProps, keyProps, jobTemplates: templates };
}

export type ScenarioForm = ReturnType<typeof useScenarioForm>;
