import { RUNNER_BUNDLE_FILE } from '@corridor/contract';
import { Anchor, Button, Code, CopyButton, Group, List, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runnerBundleUrl, runnerDownloadCommand, type Shell } from '../../api/runnerBundle.ts';
import { Section } from '../../components/Section.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { watchCommand } from './howTo.ts';
import { RUN_IMPORT_NS } from './import/i18n/index.ts';

/** Spec 3 §9: the copy confirmation shows for 2 seconds. */
const COPIED_MS = 2000;

function CommandBlock({ command, what }: { command: string; what: string }) {
  const { t } = useTranslation(RUN_IMPORT_NS);
  return (
    <Stack gap={4}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {command}
      </Code>
      <Group>
        <CopyButton value={command} timeout={COPIED_MS}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              aria-label={copied ? t('howto.copied') : t('howto.copyLabel', { what })}
              onClick={copy}
            >
              {copied ? t('howto.copied') : t('howto.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** One command per shell, Linux/macOS or Windows; the shell chosen is the same in every step. */
function ShellTabs({ shell, onShell, children }: { shell: Shell; onShell: (shell: Shell) => void; children: (shell: Shell) => ReactNode }) {
  const { t } = useTranslation(RUN_IMPORT_NS);
  return (
    <Tabs value={shell} onChange={(value) => value && onShell(value as Shell)}>
      <Tabs.List>
        <Tabs.Tab value="unix">{t('howto.unix')}</Tabs.Tab>
        <Tabs.Tab value="windows">{t('howto.windows')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={shell} pt="xs">
        {children(shell)}
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * How to add runs from outside Corridor (spec 1 §2.16, spec 3 §2.4): the watch client of the runner downloaded from
 * this server (issue 30: corridor-runner.tgz, Node.js alone) with an API key, this server's url, and the commands
 * for Linux/macOS and Windows. The spec's client-library jars are not built (docs/decisions.md), so there is no
 * jar download, only a note.
 */
export function RunHowTo() {
  const { t } = useTranslation(RUN_IMPORT_NS);
  const group = useCurrentGroup();
  const url = window.location.origin;
  const [shell, setShell] = useState<Shell>('unix');
  const shellName = (which: Shell) => t(which === 'unix' ? 'howto.unix' : 'howto.windows');
  const pid = t('howto.pidPlaceholder');
  const values = { url, apiKey: t('howto.apiKeyPlaceholder'), group: group.name, name: t('howto.runName'), pid };
  return (
    <Section title={t('howto.heading')}>
      <Stack gap="sm">
        <Text>{t('howto.intro')}</Text>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Text>{t('howto.step1')}</Text>
            <Anchor component={Link} to="/profile/apikeys" size="sm">
              {t('howto.apiKeyLink')}
            </Anchor>
          </List.Item>
          <List.Item>
            <Text>{t('howto.step2')}</Text>
            <Table withTableBorder={false} w="auto" verticalSpacing={2}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>{t('howto.url')}</Table.Th>
                  <Table.Td>
                    <Code>{url}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('howto.apiKey')}</Table.Th>
                  <Table.Td>
                    <Code>{values.apiKey}</Code>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </List.Item>
          <List.Item>
            <Stack gap="xs">
              <Text>{t('howto.step3')}</Text>
              <div>
                <Button component="a" href={runnerBundleUrl()} download={RUNNER_BUNDLE_FILE} size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />}>
                  {t('howto.download', { file: RUNNER_BUNDLE_FILE })}
                </Button>
              </div>
              <ShellTabs shell={shell} onShell={setShell}>
                {(which) => <CommandBlock command={runnerDownloadCommand(url, which)} what={t('howto.downloadWhat', { shell: shellName(which) })} />}
              </ShellTabs>
            </Stack>
          </List.Item>
          <List.Item>
            <Text>{t('howto.step4', { pid })}</Text>
            <ShellTabs shell={shell} onShell={setShell}>
              {(which) => <CommandBlock command={watchCommand(which, values)} what={shellName(which)} />}
            </ShellTabs>
            <Text size="sm" c="dimmed" mt="xs">
              {t('howto.options')}
            </Text>
            <Text size="sm" c="dimmed" mt="xs">
              {t('howto.uploadLimit')}
            </Text>
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('howto.jarNote')}
        </Text>
      </Stack>
    </Section>
  );
}
