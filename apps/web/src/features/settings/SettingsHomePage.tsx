import { Anchor, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../api/session.ts';
import { settingsCardsFor } from './settingsCards.ts';

/** Settings home, /settings (spec 3 §2.8): cards of links; admin-only links are hidden from others. */
export function SettingsHomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const cards = settingsCardsFor(user.roles);
  return (
    <Stack gap="lg">
      <Title order={2}>{t('titles.settings')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {cards.map((card) => (
          <Paper key={card.key} withBorder p="lg" component="section" aria-label={t(`settingsHome.cards.${card.key}`)}>
            <Stack gap="sm">
              <Title order={3}>{t(`settingsHome.cards.${card.key}`)}</Title>
              {card.links.map((link) => (
                <Anchor key={link.key} component={Link} to={link.path}>
                  {t(`settingsHome.links.${link.key}`)}
                </Anchor>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
