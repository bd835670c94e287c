import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { SectionTabs } from '../../components/SectionTabs.tsx';
import { TeamsSection } from '../teams/TeamsSection.tsx';
import { ApiKeysSection } from './apikeys/ApiKeysSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { EmailsSection } from './emails/EmailsSection.tsx';
import { SecuritySection } from './security/SecuritySection.tsx';
import { isProfileSection, PROFILE_SECTIONS, type ProfileSection } from './sections.ts';

function SectionContent({ section }: { section: ProfileSection }) {
  switch (section) {
    case 'security':
      return <SecuritySection />;
    case 'apikeys':
      return <ApiKeysSection />;
    case 'emails':
      return <EmailsSection />;
    case 'teams':
      return <TeamsSection />;
    case 'appearance':
      return <AppearanceSection />;
  }
}

/** My Profile, /profile/{section} (spec 1 §2.18). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { section = PROFILE_SECTIONS[0] } = useParams();
  if (!isProfileSection(section)) return <NotFound />;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('titles.profile')}</Title>
      <SectionTabs
        sections={PROFILE_SECTIONS}
        current={section}
        label={(name) => t(`profile.sections.${name}`)}
        pathOf={(name) => `/profile/${name}`}
      >
        <SectionContent section={section} />
      </SectionTabs>
    </Stack>
  );
}
