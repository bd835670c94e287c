import type { License } from '@corridor/contract';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function formatDate(isoDate: string, language: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime())
    ? isoDate
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '–'}</Text>
    </div>
  );
}

/** What a licence says: holder, validity and whether it allows commercial use; `children` below (limits, actions). */
export function LicenseCard({ license, children }: { license: License; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const commercial = license.features.commercial;
  return (
    <Card withBorder padding="md" aria-label={t('license.cardLabel')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconCertificate size={22} stroke={1.6} aria-hidden />
            <Text fw={600}>{license.issuer === 'community' ? t('license.community') : t('license.vendor')}</Text>
          </Group>
          <Badge color={commercial ? 'indigo' : 'teal'} variant="light">
            {commercial ? t('license.commercial') : t('license.nonCommercial')}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Field label={t('license.name')} value={license.name} />
          <Field label={t('license.organisation')} value={license.organisation} />
          <Field label={t('license.validFrom')} value={formatDate(license.validFromDate, i18n.language)} />
          <Field label={t('license.validUntil')} value={formatDate(license.validUntilDate, i18n.language)} />
        </SimpleGrid>
        {children}
      </Stack>
    </Card>
  );
}
