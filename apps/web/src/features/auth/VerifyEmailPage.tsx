import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useVerifyEmail } from '../../api/mail.ts';
import { useSession } from '../../api/session.ts';
import { MAIL_NS } from './i18n/index.ts';

/** /-/verify-email/{token}: opening the mailed link verifies the address at once (spec 1 §4 "Email"). */
export function VerifyEmailPage() {
  const { t } = useTranslation(MAIL_NS);
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const { data: session } = useSession();
  // A link works once: redeem it once per visit, also where effects run twice (development).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next =
    session?.status === 'signedIn' ? (
      <Anchor component={Link} to="/profile/emails" size="sm">
        {t('verify.toProfile')}
      </Anchor>
    ) : (
      <Anchor component={Link} to="/login" size="sm">
        {t('verify.toLogin')}
      </Anchor>
    );

  return (
    <Paper withBorder p="xl" maw={420} mx="auto">
      <Stack>
        <Title order={2}>{t('verify.heading')}</Title>
        {verify.isSuccess ? (
          <Alert color="green" role="status">
            {t('verify.verified', { email: verify.data.email })}
          </Alert>
        ) : verify.isError ? (
          <Alert color="red" role="alert" title={t('verify.failed')}>
            {verify.error.message}
          </Alert>
        ) : (
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('verify.verifying')}</Text>
          </Stack>
        )}
        {!verify.isPending && next}
      </Stack>
    </Paper>
  );
}
