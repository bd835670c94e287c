import { Anchor, Button, Code, CopyButton, Group, List, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/**
 * How to add runs from outside Corridor (spec 1 §2.16, spec 3 §2.4): the watch client of the runner package with
 * an API key, this server's url, a checkout of the Corridor repository (the runner package is not on npm), and the
 * commands for Linux/macOS and Windows. The spec's client-library jars are not built (docs/decisions.md), so there
 * are no download links, only a note.
 */
export function RunHowTo() {
  const { t } = useTranslation(RUN_IMPORT_NS);
  const group = useCurrentGroup();
  const url = window.location.origin;
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
            <Text>{t('howto.step3')}</Text>
          </List.Item>
          <List.Item>
            <Text>{t('howto.step4', { pid })}</Text>
            <Tabs defaultValue="unix">
              <Tabs.List>
                <Tabs.Tab value="unix">{t('howto.unix')}</Tabs.Tab>
                <Tabs.Tab value="windows">{t('howto.windows')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="unix" pt="xs">
                <CommandBlock command={watchCommand('unix', values)} what={t('howto.unix')} />
              </Tabs.Panel>
              <Tabs.Panel value="windows" pt="xs">
                <CommandBlock command={watchCommand('windows', values)} what={t('howto.windows')} />
              </Tabs.Panel>
            </Tabs>
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
