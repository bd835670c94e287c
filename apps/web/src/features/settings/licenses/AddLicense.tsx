import { ADMIN_LICENSE_KEY_MIN, type License } from '@corridor/contract';
import { Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLicenseChanges } from '../../../api/administration.ts';
import { licensesApi } from '../../../api/licenses.ts';
import { LicenseCard } from '../../../components/LicenseCard.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';

/** Check a key, then add it; or upload a licence file, added at once (spec 3 §2.15). */
export function AddLicense() {
  const { t } = useTranslation(ADMIN_NS);
  const [key, setKey] = useState('');
  const [checked, setChecked] = useState<License>();
  const [notice, setNotice] = useState<NoticeState>();
  const check = useMutation({ mutationFn: licensesApi.checkKey });
  const { add } = useLicenseChanges();
  const failed = (error: Error) => setNotice({ ok: false, text: t('licenses.addFailed', { message: error.message }) });

  const checkKey = () => {
    setNotice(undefined);
    setChecked(undefined);
    const trimmed = key.trim();
    if (trimmed.length < ADMIN_LICENSE_KEY_MIN) return setNotice({ ok: false, text: t('licenses.keyTooShort') });
    check.mutate(trimmed, { onSuccess: (license) => setChecked(license), onError: failed });
  };
  const added = () => {
    setNotice({ ok: true, text: t('licenses.added') });
    setChecked(undefined);
    setKey('');
  };

  return (
    <Stack gap="sm">
      <Notice notice={notice} onClose={() => setNotice(undefined)} />
      <Textarea
        label={t('licenses.key')}
        autosize
        minRows={2}
        maxRows={6}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={key}
        onChange={(event) => {
          setKey(event.currentTarget.value);
          setChecked(undefined);
        }}
      />
      <Group>
        <Button variant="light" loading={check.isPending} onClick={checkKey}>
          {t('licenses.check')}
        </Button>
      </Group>
      {checked && (
        <LicenseCard license={checked}>
          <Group justify="flex-end">
            <Button loading={add.isPending} onClick={() => add.mutate(key.trim(), { onSuccess: added, onError: failed })}>
              {t('licenses.add')}
            </Button>
          </Group>
        </LicenseCard>
      )}
      <FileInput
        label={t('licenses.upload')}
        placeholder={t('licenses.uploadPlaceholder')}
        leftSection={<IconFileCertificate size={18} aria-hidden />}
        value={null}
        onChange={(file) => {
          setNotice(undefined);
          if (file) add.mutate(file, { onSuccess: added, onError: failed });
        }}
      />
    </Stack>
  );
}
