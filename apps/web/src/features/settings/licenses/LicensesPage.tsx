import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLicenseChanges, useLicenses } from '../../../api/administration.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { LicenseCard } from '../../../components/LicenseCard.tsx';
import { Section } from '../../../components/Section.tsx';
import { ADMIN_NS } from '../i18n/administration.ts';
import { Notice, type NoticeState } from '../Notice.tsx';
import { SETTINGS_PATH } from '../settingsPaths.ts';
import { AddLicense } from './AddLicense.tsx';

/** Licences, /settings/licenses (spec 3 §2.15): add by key or file; a card per licence with limits, Remove, Refresh. */
export function LicensesPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tt } = useTranslation();
  const licenses = useLicenses();
  const changes = useLicenseChanges();
  const [notice, setNotice] = useState<NoticeState>();
  const busy = (mutation: { isPending: boolean; variables?: string }, key: string) => mutation.isPending && mutation.variables === key;

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tt('titles.settings'), to: SETTINGS_PATH }, { label: tt('titles.licenses') }]} />
      <Title order={2}>{tt('titles.licenses')}</Title>
      <Section title={t('licenses.addHeading')}>
        <AddLicense />
      </Section>
      <Section title={t('licenses.listHeading')}>
        <Notice notice={notice} onClose={() => setNotice(undefined)} />
        {licenses.isError && <Text c="red" role="alert">{t('licenses.loadFailed')}</Text>}
        {licenses.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
        {licenses.data?.length === 0 && <Text c="dimmed">{t('licenses.none')}</Text>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {licenses.data?.map((license) => {
            const limits = Object.entries(license.limits);
            return (
              <LicenseCard key={license.key} license={license}>
                <Text size="sm">
                  <Text span size="xs" c="dimmed">
                    {t('licenses.limits')}:{' '}
                  </Text>
                  {limits.length === 0 ? t('licenses.noLimits') : limits.map(([name, value]) => `${name}: ${value}`).join(', ')}
                </Text>
                <Group justify="flex-end" gap="sm">
                  <Button
                    variant="light"
                    loading={busy(changes.refresh, license.key)}
                    onClick={() =>
                      changes.refresh.mutate(license.key, {
                        onSuccess: () => setNotice({ ok: true, text: t('licenses.refreshed') }),
                        onError: (error) => setNotice({ ok: false, text: `${t('licenses.refreshFailed')} ${error.message}` }),
                      })
                    }
                  >
                    {t('licenses.refresh')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    loading={busy(changes.remove, license.key)}
                    onClick={() => changes.remove.mutate(license.key, { onError: () => setNotice({ ok: false, text: t('licenses.removeFailed') }) })}
                  >
                    {t('licenses.remove')}
                  </Button>
                </Group>
              </LicenseCard>
            );
          })}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
