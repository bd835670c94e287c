import { Alert, Input, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LicenseCard } from '../../components/LicenseCard.tsx';
import { CommunityLicenseFields } from './CommunityLicenseFields.tsx';
import { LicenseFileInput } from './LicenseFileInput.tsx';
import { LicenseKeyInput } from './LicenseKeyInput.tsx';
import { fileLicense, keyLicense, LICENSE_MODES, type LicenseDraft, type LicenseMode } from './wizard.ts';

export interface LicensePanelProps {
  draft: LicenseDraft;
  onChange: (change: Partial<LicenseDraft>) => void;
  /** Why Next was refused. */
  error?: string;
  communityNameError?: string;
}

/** Licence: a key, a file, or a free community licence (spec 1 §2.6). */
export function LicensePanel({ draft, onChange, error, communityNameError }: LicensePanelProps) {
  const { t } = useTranslation();
  const checked = draft.mode === 'key' ? keyLicense(draft) : draft.mode === 'file' ? fileLicense(draft) : undefined;

  return (
    <Stack>
      <Title order={2}>{t('setup.license.heading')}</Title>
      <Text>{t('setup.license.intro')}</Text>
      <Input.Wrapper label={t('setup.license.mode')} labelElement="div" labelProps={{ id: 'setup-license-mode' }}>
        <SegmentedControl<LicenseMode>
          aria-labelledby="setup-license-mode"
          fullWidth
          mt={4}
          value={draft.mode}
          onChange={(mode) => onChange({ mode })}
          data={LICENSE_MODES.map((mode) => ({ value: mode, label: t(`setup.license.modes.${mode}`) }))}
        />
      </Input.Wrapper>
      {draft.mode === 'key' && <LicenseKeyInput draft={draft} onChange={onChange} />}
      {draft.mode === 'file' && <LicenseFileInput draft={draft} onChange={onChange} />}
      {draft.mode === 'community' && (
        <CommunityLicenseFields draft={draft} onChange={onChange} nameError={communityNameError} />
      )}
      {checked && <LicenseCard license={checked.license} />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
