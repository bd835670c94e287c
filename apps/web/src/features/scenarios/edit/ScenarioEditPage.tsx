import { Title, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound.tsx';
import { SectionTabs } from '../../../components/SectionTabs.tsx';
import { useCurrentScenario } from '../ScenarioContext.ts';
import { scenarioPath } from '../scenarioPaths.ts';
import { AccessSection } from './AccessSection.tsx';
import { GeneralSection } from './GeneralSection.tsx';
import { EDIT_SECTIONS, type EditSection, isEditSection } from './sections.ts';
import { TeamSection } from './TeamSection.tsx';

function SectionContent({ section }: { section: Exclude<EditSection, 'delete'> }) {
  switch (section) {
    case 'general':
      return <GeneralSection />;
    case 'team':
      return <TeamSection />;
    case 'access':
      return <AccessSection />;
  }
}

/** Scenario edit, /{group}/{scenario}/edit/{section} (spec 1 §2.11). */
export function ScenarioEditPage() {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const { section = EDIT_SECTIONS[0] } = useParams();
  if (!isEditSection(section)) return <NotFound />;
  // The delete section is a page of its own.
  if (section === 'delete') return <Navigate to={scenarioPath(scenario, 'delete')} replace />;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('editScenario.heading', { name: scenario.name })}</Title>
      <SectionTabs
        sections={EDIT_SECTIONS}
        current={section}
        label={(name) => t(`editScenario.sections.${name}`)}
        pathOf={(name) => (name === 'delete' ? scenarioPath(scenario, 'delete') : scenarioPath(scenario, `edit/${name}`))}
        color={(name) => (name === 'delete' ? 'red' : undefined)}
      >
        <SectionContent section={section} />
      </SectionTabs>
    </Stack>
  );
}
