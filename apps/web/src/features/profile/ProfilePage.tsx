import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { TeamsSection } from '../teams/TeamsSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { isProfileSection, PROFILE_SECTIONS, type ProfileSection } from './sections.ts';

function SectionContent({ section }: { section: ProfileSection }) {
  const { t } = useTranslation();
  if (section === 'appearance') return <AppearanceSection />;
  if (section === 'teams') return <TeamsSection />;
  // Security, API keys and e-mails arrive with the profile issue.
  return <Text c="dimmed">{t('placeholder.comingSoon')}</Text>;
}

/** My Profile, /profile/{section} (spec 1 §2.18). */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { section = PROFILE_SECTIONS[0] } = useParams();
  if (!isProfileSection(section)) return <NotFound />;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('titles.profile')}</Title>
      <Tabs value={section} onChange={(value) => value && void navigate(`/profile/${value}`)}>
        <Tabs.List>
          {PROFILE_SECTIONS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`profile.sections.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={section} pt="lg">
          <SectionContent section={section} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
