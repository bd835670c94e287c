import type { Features, Settings } from '@corridor/contract';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFeatures, saveSettings, useRefreshSettings } from '../../../api/administration.ts';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';
import { hasRegistrationChanges, type Registration, registrationChanges, registrationOf } from './registration.ts';

/** Registration settings (spec 3 §2.10): Save is enabled only after a change; settings are saved, then the flags. */
export function RegistrationForm({ settings, features }: { settings: Settings; features: Features }) {
  const { t } = useTranslation(ADMIN_NS);
  const refresh = useRefreshSettings();
  const [saved, setSaved] = useState(() => registrationOf(settings, features));
  const [draft, setDraft] = useState(saved);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<NoticeState>();
  const change = (part: Partial<Registration>) => setDraft((current) => ({ ...current, ...part }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = registrationChanges(saved, draft);
    setPending(true);
    setNotice(undefined);
    try {
      if (Object.keys(changes.settings).length > 0) {
        await saveSettings(changes.settings).catch(() => Promise.reject(new Error(t('accounts.settingsSaveFailed'))));
      }
      if (Object.keys(changes.features).length > 0) {
        await saveFeatures(changes.features).catch(() => Promise.reject(new Error(t('accounts.featuresSaveFailed'))));
      }
      setSaved(draft);
      setNotice({ ok: true, text: t('accounts.saved') });
      await refresh();
    } catch (error) {
      setNotice({ ok: false, text: (error as Error).message });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('accounts.registrationHeading')}>
      <Stack gap="sm">
        <Checkbox label={t('accounts.signup')} checked={draft.accountsSignup} onChange={(e) => change({ accountsSignup: e.currentTarget.checked })} />
        <Checkbox
          label={t('accounts.requireAuthorization')}
          checked={draft.accountsRequireAuthorization}
          onChange={(e) => change({ accountsRequireAuthorization: e.currentTarget.checked })}
        />
        <Checkbox label={t('accounts.i18n')} checked={draft.i18n} onChange={(e) => change({ i18n: e.currentTarget.checked })} />
        <TextInput
          label={t('accounts.signupDomains')}
          description={t('accounts.signupDomainsHint')}
          value={draft.accountsSignupDomains}
          onChange={(e) => change({ accountsSignupDomains: e.currentTarget.value })}
        />
        <TextInput
          label={t('accounts.autoAuthDomains')}
          description={t('accounts.autoAuthDomainsHint')}
          value={draft.accountsAutoAuthDomains}
          onChange={(e) => change({ accountsAutoAuthDomains: e.currentTarget.value })}
        />
        <Notice notice={notice} onClose={() => setNotice(undefined)} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!hasRegistrationChanges(saved, draft)} loading={pending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
