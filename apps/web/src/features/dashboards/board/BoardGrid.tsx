import { DASHBOARD_LIMITS, type ChartItem, type DashboardItem, type DashboardVariable } from '@corridor/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useState } from 'react';
import { FullscreenPanel } from './FullscreenPanel.tsx';
import { layoutOf, type Panel } from './panels.ts';
import { PanelView } from './PanelView.tsx';
import classes from './board.module.css';

interface Props {
  panels: Panel[];
  variables: DashboardVariable[];
  columns: number;
  editable: boolean;
  onLayout: (layout: Layout) => void;
  onChangeItem: (key: string, item: DashboardItem) => void;
  onDuplicate: (key: string) => void;
  onDelete: (key: string) => void;
  onEditChart: (key: string, item: ChartItem) => void;
}

/** The grid of panels (react-grid-layout v2): 12 or 24 columns, rows of 40 px, panels at least 2×2. */
export function BoardGrid({ panels, variables, columns, editable, onLayout, onChangeItem, onDuplicate, onDelete, onEditChart }: Props) {
  const { t } = useTranslation('dashboards');
  const { width, containerRef, mounted } = useContainerWidth();
  const [fullscreen, setFullscreen] = useState<string | null>(null);
  const shown = panels.find((panel) => panel.key === fullscreen);

  const view = (panel: Panel, inFullscreen: boolean) => (
    <PanelView
      panel={panel}
      variables={variables}
      editable={editable}
      fullscreen={inFullscreen}
      onFullscreen={() => setFullscreen(inFullscreen ? null : panel.key)}
      onChange={(item) => onChangeItem(panel.key, item)}
      onDuplicate={() => onDuplicate(panel.key)}
      onDelete={() => onDelete(panel.key)}
      onEditChart={(item) => onEditChart(panel.key, item)}
    />
  );

  return (
    <div ref={containerRef} className={classes.grid} data-board-columns={columns}>
      {panels.length === 0 && (
        <Text c="dimmed" size="sm" py="lg" ta="center">
          {t('board.empty')}
        </Text>
      )}
      {mounted && width > 0 && (
        <ReactGridLayout
          width={width}
          layout={layoutOf(panels, editable)}
          gridConfig={{ cols: columns, rowHeight: DASHBOARD_LIMITS.rowHeight, margin: [12, 12] }}
          dragConfig={{ enabled: editable, handle: `.${classes.handle}` }}
          resizeConfig={{ enabled: editable }}
          onLayoutChange={onLayout}
        >
          {panels.map((panel) => (
            <div key={panel.key} className={classes.cell} data-panel-type={panel.item.type === 'chart' ? panel.item.data.type : 'text'}>
              {view(panel, false)}
            </div>
          ))}
        </ReactGridLayout>
      )}
      {shown && <FullscreenPanel onClose={() => setFullscreen(null)}>{view(shown, true)}</FullscreenPanel>}
    </div>
  );
}
