import 'i18next';
import type { dashboardsCatalogues } from '../features/dashboards/i18n/index.ts';
import type { editorCatalogues } from '../features/map-editor/i18n/index.ts';
import type { profileCatalogues } from '../features/profile/i18n/index.ts';
import type { exportCatalogues } from '../features/scenario-export/i18n/index.ts';
import type { mailCatalogues } from '../features/auth/i18n/index.ts';
import type { administrationCatalogues } from '../features/settings/i18n/administration.ts';
import type { jobTemplateFilesCatalogues } from '../features/settings/job-templates/i18n/index.ts';
import type { visualizerCatalogues } from '../features/visualizer/i18n/index.ts';
import type en from './en.json';
import type { helpCatalogues } from '../features/help/i18n/index.ts';
import type { metricsCatalogues } from '../features/metrics/i18n/index.ts';
import type { sysinfoCatalogues } from '../features/settings/sysinfo/i18n/index.ts';
import type { runImportCatalogues } from '../features/runs/import/i18n/index.ts';
import type { configChecksCatalogues } from '../features/config-editor/i18n/index.ts';
import type { compareResultsCatalogues } from '../features/compare/i18n/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      help: (typeof helpCatalogues)['en'];
      metrics: (typeof metricsCatalogues)['en'];
      sysinfo: (typeof sysinfoCatalogues)['en'];
      editor: (typeof editorCatalogues)['en'];
      scenarioExport: (typeof exportCatalogues)['en'];
      dashboards: (typeof dashboardsCatalogues)['en'];
      visualizer: (typeof visualizerCatalogues)['en'];
      mail: (typeof mailCatalogues)['en'];
      profile: (typeof profileCatalogues)['en'];
      jobTemplateFiles: (typeof jobTemplateFilesCatalogues)['en'];
      administration: (typeof administrationCatalogues)['en'];
      runImport: (typeof runImportCatalogues)['en'];
      configEditorChecks: (typeof configChecksCatalogues)['en'];
      compareResults: (typeof compareResultsCatalogues)['en'];
    };
  }
}
