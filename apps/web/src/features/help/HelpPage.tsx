import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Help (spec 3 §2.18); the version and file-access details come with the administration issue. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2}>{t('titles.help')}</Title>
      <Text>{t('help.intro')}</Text>
      <List>
        <List.Item>
          {/* Served by the API server, not by the app's router. */}
          <Anchor href="/docs">{t('help.apiDocs')}</Anchor>
        </List.Item>
        <List.Item>
          <Anchor href="/docs/json">{t('help.openApi')}</Anchor>
        </List.Item>
      </List>
    </Stack>
  );
}
