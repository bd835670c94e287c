import { Anchor, Code, List, Stack, Tabs, Text } from '@mantine/core';
import { TOOL_INTEGRATIONS } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../components/Section.tsx';

/** The three simulation versions the client library is offered for (spec 1 §2.16). */
const CLIENT_VERSIONS = TOOL_INTEGRATIONS.slice(0, 3);

/**
 * How to add runs from the simulation client library (spec 3 §2.4). The download call is not served yet, so
 * the panel explains the steps without download links (docs/decisions.md).
 */
export function RunHowTo() {
  const { t } = useTranslation();
  const url = window.location.origin;
  const apiKey = t('runs.howto.apiKeyPlaceholder');
  const module = `<module name="corridor">\n  <param name="url" value="${url}" />\n  <param name="apiKey" value="${apiKey}" />\n</module>`;
  const jar = `corridor-client-${CLIENT_VERSIONS[0]}.jar`;
  return (
    <Section title={t('runs.howto.heading')}>
      <Stack gap="sm">
        <Text>{t('runs.howto.intro')}</Text>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Text>{t('runs.howto.step1', { versions: CLIENT_VERSIONS.join(', ') })}</Text>
            <Text size="sm" c="dimmed">
              {t('runs.howto.downloadUnavailable')}
            </Text>
          </List.Item>
          <List.Item>
            <Text>{t('runs.howto.step2')}</Text>
            <Code block>{module}</Code>
            <Anchor component={Link} to="/profile/apikeys" size="sm">
              {t('runs.howto.apiKeyLink')}
            </Anchor>
          </List.Item>
          <List.Item>
            <Text>{t('runs.howto.step3')}</Text>
            <Tabs defaultValue="unix">
              <Tabs.List>
                <Tabs.Tab value="unix">{t('runs.howto.unix')}</Tabs.Tab>
                <Tabs.Tab value="windows">{t('runs.howto.windows')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="unix" pt="xs">
                <Code block>{`java -cp "matsim.jar:${jar}" org.matsim.run.RunMatsim config.xml`}</Code>
              </Tabs.Panel>
              <Tabs.Panel value="windows" pt="xs">
                <Code block>{`java -cp "matsim.jar;${jar}" org.matsim.run.RunMatsim config.xml`}</Code>
              </Tabs.Panel>
            </Tabs>
          </List.Item>
        </List>
      </Stack>
    </Section>
  );
}
