/**
 * Help (spec 3 §2.18): the version and build date from GET /sysinfo/config and the four API documentation pages
 * the server serves itself (each opens in a new tab). File access by SFTP/SCP (host, port, a command to copy) is shown
 * when the server has it on (SFTP_PORT); Corridor has no WebDAV, so that block stays hidden.
 */
import { ActionIcon, Alert, Anchor, Code, CopyButton, Group, List, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfigInfo } from '../../api/system.ts';
import { useSessionUser } from '../../api/session.ts';
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
      {config.data?.fileserver.ssh.enabled && config.data.fileserver.ssh.port !== null && (
        <SftpAccess host={config.data.fileserver.ssh.host ?? window.location.hostname} port={config.data.fileserver.ssh.port} />
      )}
    </Stack>
  );
}

/** SFTP/SCP file access: host, port and the commands, with the signed-in user's name filled in. */
function SftpAccess({ host, port }: { host: string; port: number }) {
  const { t } = useTranslation(HELP_NS);
  const { username } = useSessionUser();
  const commands = [`sftp -P ${port} ${username}@${host}`, `scp -P ${port} network.xml.gz ${username}@${host}:/TEAM/SCENARIO/`];
  return (
    <Paper withBorder p="md" component="section" aria-label={t('sftpHeading')}>
      <Title order={3} size="h4" mb="xs">
        {t('sftpHeading')}
      </Title>
      <Text>{t('sftpIntro')}</Text>
      <List my="xs">
        <List.Item>{t('sftpHost', { host })}</List.Item>
        <List.Item>{t('sftpPort', { port })}</List.Item>
      </List>
      {commands.map((command) => (
        <Group key={command} gap="xs" wrap="nowrap">
          <Code>{command}</Code>
          <CopyButton value={command}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('copied') : t('copy')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('copyCommand', { command })}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ))}
      <Text c="dimmed" size="sm" mt="xs">
        {t('sftpRules')}
      </Text>
    </Paper>
  );
}
