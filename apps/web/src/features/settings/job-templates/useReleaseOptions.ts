import { MATSIM_RELEASES } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { usePrespecifiedFiles } from '../../../api/jobFiles.ts';
import { FILES_NS } from './i18n/index.ts';

/**
 * The MATSim releases of the version select (spec 3 §2.14: "None, Custom, or a prespecified release"), each saying
 * when the server does not have it yet (the runner then fails the run saying so).
 */
export function useReleaseOptions(): { value: string; label: string }[] {
  const { t } = useTranslation(FILES_NS);
  const prespecified = usePrespecifiedFiles();
  return MATSIM_RELEASES.map((version) => {
    const entry = prespecified.data?.find((file) => file.key === `matsim-${version}`);
    return { value: version, label: entry && !entry.available ? t('notOnServer', { version }) : version };
  });
}
