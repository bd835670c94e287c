import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for the current page (the last crumb). */
  to?: string;
}

/** Where the page sits: group / scenario / page, each but the last a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <MantineBreadcrumbs component="nav" aria-label={t('breadcrumbs.label')} separator="/" separatorMargin={6}>
      {items.map((item, index) =>
        item.to && index < items.length - 1 ? (
          <Anchor key={item.to} component={Link} to={item.to} size="sm">
            {item.label}
          </Anchor>
        ) : (
          <Text key={`current-${item.label}`} size="sm" c="dimmed" aria-current="page">
            {item.label}
          </Text>
        ),
      )}
    </MantineBreadcrumbs>
  );
}
