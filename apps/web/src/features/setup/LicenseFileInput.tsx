import { FileInput } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { licensesApi } from '../../api/licenses.ts';
import type { LicenseDraft } from './wizard.ts';

interface LicenseFileInputProps {
  draft: LicenseDraft;
  onChange: (change: Partial<LicenseDraft>) => void;
}

/** A licence file is checked as soon as it is chosen. */
export function LicenseFileInput({ draft, onChange }: LicenseFileInputProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const check = useMutation({ mutationFn: licensesApi.checkFile });

  const choose = (file: File | null) => {
    setError(undefined);
    onChange({ file, checkedFile: undefined });
    if (!file) return;
    check.mutate(file, {
      onSuccess: (license) => onChange({ checkedFile: { file, license } }),
      onError: () => setError(t('setup.license.fileError')),
    });
  };

  return (
    <FileInput
      label={t('setup.license.file')}
      placeholder={t('setup.license.filePlaceholder')}
      leftSection={<IconFileCertificate size={18} aria-hidden />}
      clearable
      value={draft.file}
      onChange={choose}
      error={error}
      description={check.isPending ? t('setup.license.fileChecking') : undefined}
    />
  );
}
