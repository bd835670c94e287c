import type { ScenarioTemplate } from '@corridor/contract';
import { Alert, Badge, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The template key of an empty scenario (spec 1 §2.9). */
export const EMPTY_TEMPLATE = 'empty';

interface TemplatePickerProps {
  templates: readonly ScenarioTemplate[];
  value: string;
  onChange: (key: string) => void;
}

interface TemplateCardProps {
  value: string;
  name: string;
  description: string;
  imageURL?: string | null;
  checked: boolean;
  /** Labelled "Needs internet" / "Works offline" (issue 24); undefined: no label (the empty scenario). */
  needsInternet?: boolean;
}

/** Whether creating from the template downloads its files: labelled as the demo is (issue 24). */
function InternetBadge({ needsInternet }: { needsInternet: boolean }) {
  const { t } = useTranslation();
  return needsInternet ? (
    <Badge size="xs" variant="light" color="orange" leftSection={<IconWifi size={10} aria-hidden />}>
      {t('addScenario.needsInternet')}
    </Badge>
  ) : (
    <Badge size="xs" variant="light" color="teal" leftSection={<IconWifiOff size={10} aria-hidden />}>
      {t('addScenario.worksOffline')}
    </Badge>
  );
}

function TemplateCard({ value, name, description, imageURL, checked, needsInternet }: TemplateCardProps) {
  return (
    <Radio.Card
      value={value}
      p="sm"
      radius="md"
      aria-label={name}
      style={{ borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={3}>
            {description}
          </Text>
          {needsInternet !== undefined && (
            <Group gap={4} mt={2}>
              <InternetBadge needsInternet={needsInternet} />
            </Group>
          )}
        </Stack>
        {imageURL && <Image src={imageURL} alt="" w={64} h={48} radius="sm" fit="cover" ml="auto" loading="lazy" />}
      </Group>
    </Radio.Card>
  );
}

/** Start from a template of the server's list, or from an empty scenario. */
export function TemplatePicker({ templates, value, onChange }: TemplatePickerProps) {
  const { t } = useTranslation();
  const chosen = templates.find((template) => template.key === value);
  return (
    <Radio.Group label={t('addScenario.template')} value={value} onChange={onChange}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
        <TemplateCard
          value={EMPTY_TEMPLATE}
          name={t('addScenario.emptyTemplate')}
          description={t('addScenario.emptyTemplateHint')}
          checked={value === EMPTY_TEMPLATE}
        />
        {templates.map((template) => (
          <TemplateCard
            key={template.key}
            value={template.key}
            name={template.name}
            description={template.description}
            imageURL={template.imageURL}
            checked={value === template.key}
            needsInternet={template.needsInternet}
          />
        ))}
      </SimpleGrid>
      {chosen?.needsInternet && (
        <Alert color="orange" variant="light" mt="xs" p="xs" role="note">
          <Text size="sm">{t('addScenario.downloadsFiles', { name: chosen.name, from: hostOf(chosen.scenarioURL) })}</Text>
        </Alert>
      )}
    </Radio.Group>
  );
}

/** The download's host, for the note (the whole address when it does not parse). */
function hostOf(url: string | null): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
