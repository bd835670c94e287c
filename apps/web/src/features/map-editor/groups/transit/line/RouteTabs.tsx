/**
 * The route's inner tabs (spec 2 §2, §4): Time Profile, Departures, and Network Route only while the route is
 * edited. Switching to Network Route selects the network route; leaving it selects the route again. A network
 * route selected from elsewhere (the search's "Edit network route") opens its tab.
 */
import { Tabs } from '@mantine/core';
import type { TransitRoute } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { Departures } from './Departures.tsx';
import { networkRouteSelection, routeSelection, type EditTarget } from './editing.ts';
import { NetworkRouteTab } from './NetworkRouteTab.tsx';
import { TimeProfile } from './TimeProfile.tsx';

type Inner = 'timeProfile' | 'departures' | 'networkRoute';

export function RouteTabs({ lineId, route, target }: { lineId: string; route: TransitRoute; target: EditTarget | undefined }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const editMode = useEditor((state) => state.editMode);
  const [chosen, setChosen] = useState<Exclude<Inner, 'networkRoute'>>('timeProfile');
  const active: Inner = target === 'networkRoute' ? 'networkRoute' : chosen;
  const editable = editMode && target !== undefined;

  const change = (value: string | null) => {
    if (value === 'networkRoute') {
      if (target !== 'networkRoute') store.select(networkRouteSelection(lineId, route.id));
      return;
    }
    if (value !== 'timeProfile' && value !== 'departures') return;
    setChosen(value);
    if (target === 'networkRoute') store.select(routeSelection(lineId, route.id));
  };

  return (
    <Tabs value={active} onChange={change} keepMounted={false} variant="outline">
      <Tabs.List>
        <Tabs.Tab value="timeProfile">{t('panels.line.tabs.timeProfile')}</Tabs.Tab>
        <Tabs.Tab value="departures">{t('panels.line.tabs.departures')}</Tabs.Tab>
        {target !== undefined && <Tabs.Tab value="networkRoute">{t('panels.line.tabs.networkRoute')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="timeProfile" pt="xs">
        <TimeProfile lineId={lineId} route={route} editable={editable} />
      </Tabs.Panel>
      <Tabs.Panel value="departures" pt="xs">
        <Departures lineId={lineId} route={route} editable={editable} />
      </Tabs.Panel>
      {target !== undefined && (
        <Tabs.Panel value="networkRoute" pt="xs">
          <NetworkRouteTab lineId={lineId} route={route} editable={editable} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
