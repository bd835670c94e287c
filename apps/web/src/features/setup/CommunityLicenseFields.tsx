import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LicenseDraft } from './wizard.ts';

interface CommunityLicenseFieldsProps {
  draft: LicenseDraft;
  onChange: (change: Partial<LicenseDraft>) => void;
  nameError?: string;
}

export function CommunityLicenseFields({ draft, onChange, nameError }: CommunityLicenseFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">{t('setup.license.communityInfo')}</Text>
      <TextInput
        label={t('setup.license.communityName')}
        value={draft.communityName}
        error={nameError}
        onChange={(event) => onChange({ communityName: event.currentTarget.value })}
      />
      <TextInput
        label={t('setup.license.communityOrganisation')}
        value={draft.communityOrganisation}
        onChange={(event) => onChange({ communityOrganisation: event.currentTarget.value })}
      />
    </>
  );
}
