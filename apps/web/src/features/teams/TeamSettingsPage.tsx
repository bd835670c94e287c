import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { SectionTabs } from '../../components/SectionTabs.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { groupPath } from '../scenarios/scenarioPaths.ts';
import { MembersSection } from './MembersSection.tsx';

const TEAM_SECTIONS = ['members'] as const;

/** Team settings, /{group}/settings/{section} (spec 3 §2.7); members is the only section so far. */
export function TeamSettingsPage() {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const { section = 'members' } = useParams();
  if (section !== 'members') return <NotFound />;

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: group.name, to: groupPath(group.name) }, { label: t('titles.teamSettings') }]} />
      <Title order={2}>{t('teams.settingsHeading', { name: group.name })}</Title>
      <SectionTabs
        sections={TEAM_SECTIONS}
        current={section}
        label={() => t('teams.members')}
        pathOf={(name) => `${groupPath(group.name)}/settings/${name}`}
      >
        <MembersSection groupId={group.id} />
      </SectionTabs>
    </Stack>
  );
}
