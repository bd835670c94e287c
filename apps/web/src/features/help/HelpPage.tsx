/**
 * Help (spec 3 §2.18): the version and build date from GET /sysinfo/config and the four API documentation pages
 * the server serves itself (each opens in a new tab). SFTP/SCP and WebDAV access are shown only when the server
 * says they are enabled; Corridor has neither, so the blocks stay hidden.
 */
import { Alert, Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfigInfo } from '../../api/system.ts';
import { formatDateTime } from '../../components/format.ts';
import { HELP_NS } from './i18n/index.ts';

/** Served by the API server, not by the app's router. */
const DOC_LINKS = [
  { href: '/docs', key: 'docs' },
  { href: '/redoc', key: 'redoc' },
  { href: '/swagger', key: 'swagger' },
  { href: '/swagger-docs', key: 'swaggerDocs' },
] as const;

export function HelpPage() {
  const { t, i18n } = useTranslation(HELP_NS);
  const { t: tApp } = useTranslation();
  const config = useConfigInfo();
  return (
    <Stack gap="md">
      <Title order={2}>{tApp('titles.help')}</Title>
      <Text>{t('intro')}</Text>
      <Paper withBorder p="md" component="section" aria-label={t('docsHeading')}>
        <Title order={3} size="h4" mb="xs">
          {t('docsHeading')}
        </Title>
        <List>
          {DOC_LINKS.map((link) => (
            <List.Item key={link.href}>
              <Anchor href={link.href} target="_blank" rel="noopener">
                {t(link.key)}
              </Anchor>{' '}
              <Text span c="dimmed" size="sm">
                {link.href}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={t('versionHeading')}>
        <Title order={3} size="h4" mb="xs">
          {t('versionHeading')}
        </Title>
        {config.isError && (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        )}
        {config.data && (
          <>
            <Text>{t('version', { version: config.data.buildVersion })}</Text>
            <Text c="dimmed">{config.data.buildDate ? t('buildDate', { date: formatDateTime(config.data.buildDate, i18n.language) }) : t('noBuildDate')}</Text>
          </>
        )}
      </Paper>
    </Stack>
  );
}
