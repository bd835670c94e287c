import { Button, Group, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { licensesApi } from '../../api/licenses.ts';
import { isKeyLongEnough, type LicenseDraft, normalizeKey } from './wizard.ts';

interface LicenseKeyInputProps {
  draft: LicenseDraft;
  onChange: (change: Partial<LicenseDraft>) => void;
}

export function LicenseKeyInput({ draft, onChange }: LicenseKeyInputProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const check = useMutation({ mutationFn: licensesApi.checkKey });

  const checkKey = () => {
    setError(undefined);
    if (!isKeyLongEnough(draft.key)) {
      setError(t('setup.license.keyTooShort'));
      return;
    }
    const key = normalizeKey(draft.key);
    check.mutate(key, {
      onSuccess: (license) => onChange({ checkedKey: { key, license } }),
      onError: (failure) => setError(t('setup.license.keyError', { message: failure.message })),
    });
  };

  return (
    <>
      <Textarea
        label={t('setup.license.key')}
        autosize
        minRows={3}
        maxRows={8}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={draft.key}
        error={error}
        onChange={(event) => {
          setError(undefined);
          onChange({ key: event.currentTarget.value });
        }}
      />
      <Group>
        <Button type="button" variant="light" loading={check.isPending} onClick={checkKey}>
          {t('setup.license.checkKey')}
        </Button>
      </Group>
    </>
  );
}
