import { Alert, Button, Checkbox, Group, NumberInput, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_SETTINGS, isEmailAddress, SECRET_MASK, SMTP_DEFAULT_PORT, splitSmtpFailure } from '@corridor/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings, useAdminSettings, useRefreshSettings } from '../../../api/administration.ts';
import { useTestSmtp } from '../../../api/mail.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { Section } from '../../../components/Section.tsx';
import { MAIL_NS } from '../../auth/i18n/index.ts';
import { SETTINGS_PATH } from '../settingsPaths.ts';
import { smtpForm, smtpUpdate, type SmtpForm } from './smtpForm.ts';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * SMTP / Mail-Server, /settings/smtp (spec 3 §2.13, §4 "SMTP test", §8, §9): sender, server, authentication, user,
 * password (never shown: an empty field keeps the stored one), SSL, port 465 by default; Test Connection sends the
 * unsaved values; Save Settings stores them.
 */
export function SmtpSettingsPage() {
  const { t } = useTranslation(MAIL_NS);
  const { t: tt } = useTranslation();
  const settings = useAdminSettings();
  const refresh = useRefreshSettings();
  const test = useTestSmtp();
  const [recipient, setRecipient] = useState('');
  const [save, setSave] = useState<SaveState>('idle');
  const form = useForm<SmtpForm>({ initialValues: smtpForm(DEFAULT_SETTINGS) });
  const passwordStored = settings.data?.emailSmtpAuthPW === SECRET_MASK;

  const loaded = settings.data;
  useEffect(() => {
    if (!loaded) return;
    form.setValues(smtpForm(loaded));
    form.resetDirty(smtpForm(loaded));
    // The form follows the stored settings whenever they are read (again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const submit = form.onSubmit(async (values) => {
    setSave('saving');
    try {
      await saveSettings(smtpUpdate(values, passwordStored));
      await refresh();
      setSave('saved');
    } catch {
      setSave('failed');
    }
  });

  return (
    <Stack gap="lg" maw={640}>
      <Breadcrumbs items={[{ label: tt('titles.settings'), to: SETTINGS_PATH }, { label: t('smtp.heading') }]} />
      <Title order={2}>{t('smtp.heading')}</Title>
      <Text size="sm">{t('smtp.intro')}</Text>
      {settings.isError && (
        <Alert color="red" role="alert">
          {t('smtp.loadFailed')}
        </Alert>
      )}
      <Section title={t('smtp.heading')}>
        <form onSubmit={submit} onChange={() => setSave('idle')} noValidate>
          <Stack gap="sm">
            <TextInput label={t('smtp.sender')} type="email" {...form.getInputProps('sender')} />
            <TextInput label={t('smtp.server')} {...form.getInputProps('server')} />
            <Checkbox label={t('smtp.useAuth')} {...form.getInputProps('useAuth', { type: 'checkbox' })} />
            <TextInput label={t('smtp.user')} autoComplete="off" disabled={!form.values.useAuth} {...form.getInputProps('user')} />
            <PasswordInput
              label={t('smtp.password')}
              autoComplete="new-password"
              placeholder={passwordStored ? t('smtp.passwordStored') : undefined}
              disabled={!form.values.useAuth}
              {...form.getInputProps('password')}
            />
            <Checkbox label={t('smtp.useSsl')} {...form.getInputProps('useSsl', { type: 'checkbox' })} />
            <NumberInput
              label={t('smtp.port')}
              min={1}
              max={65535}
              allowDecimal={false}
              w={160}
              {...form.getInputProps('port')}
              onChange={(value) => {
                form.setFieldValue('port', typeof value === 'number' ? value : SMTP_DEFAULT_PORT);
                setSave('idle');
              }}
            />
            <Group>
              <Button type="submit" loading={save === 'saving'} disabled={!loaded}>
                {t('smtp.save')}
              </Button>
              {save === 'saved' && (
                <Text c="teal" role="status">
                  {t('smtp.saved')}
                </Text>
              )}
              {save === 'failed' && (
                <Text c="red" role="alert">
                  {t('smtp.saveFailed')}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      </Section>
      <Section title={t('smtp.testHeading')}>
        <Stack gap="sm">
          <Group align="flex-end">
            <TextInput label={t('smtp.recipient')} type="email" value={recipient} onChange={(event) => setRecipient(event.currentTarget.value)} w={320} />
            <Button
              variant="light"
              disabled={!loaded || test.isPending || !isEmailAddress(recipient.trim())}
              onClick={() => test.mutate({ email: recipient.trim(), settings: smtpUpdate(form.values, passwordStored) })}
            >
              {test.isPending ? t('smtp.testing') : t('smtp.test')}
            </Button>
          </Group>
          {test.isSuccess && (
            <Alert color="teal" role="status">
              {t('smtp.testSent')}
            </Alert>
          )}
          {test.isError && (
            <Alert color="red" role="alert" title={t('smtp.testFailed')}>
              <SmtpFailure message={test.error.message} />
            </Alert>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}

/** The test's failure: the hint naming the setting to change, the mail server's own words below it in small print. */
function SmtpFailure({ message }: { message: string }) {
  const { t } = useTranslation(MAIL_NS);
  const { hint, detail } = splitSmtpFailure(message);
  return (
    <Stack gap={4}>
      <Text size="sm">{hint}</Text>
      {detail !== null && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }} data-testid="smtp-failure-detail">
          {t('smtp.testDetail', { detail })}
        </Text>
      )}
    </Stack>
  );
}
