import { Title } from '@mantine/core';
import { useRouteTitle } from '../../app/pageTitle.ts';

/** /settings/matsim-releases (spec 3 §2.8): a page that is empty, its title only. */
export function MatsimReleasesPage() {
  return <Title order={2}>{useRouteTitle()}</Title>;
}
