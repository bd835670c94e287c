import type { ScenarioTemplate } from '@corridor/contract';
import { Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
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
}

function TemplateCard({ value, name, description, imageURL, checked }: TemplateCardProps) {
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
        </Stack>
        {imageURL && <Image src={imageURL} alt="" w={64} h={48} radius="sm" fit="cover" ml="auto" loading="lazy" />}
      </Group>
    </Radio.Card>
  );
}

/** Start from a template of the server's list, or from an empty scenario. */
export function TemplatePicker({ templates, value, onChange }: TemplatePickerProps) {
  const { t } = useTranslation();
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
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
