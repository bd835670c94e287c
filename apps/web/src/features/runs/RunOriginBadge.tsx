import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RUN_IMPORT_NS } from './import/i18n/index.ts';
import type { MarkedOrigin } from './runOrigin.ts';

/** "Imported" or "External" for a run not scheduled here (issue 17), on the run page and in the run list; nothing for one that was. */
export function RunOriginBadge({ origin }: { origin: MarkedOrigin | null }) {
  const { t } = useTranslation(RUN_IMPORT_NS);
  if (!origin) return null;
  return (
    <Tooltip label={t(`origin.${origin}Hint`)} withArrow multiline w={260}>
      <Badge variant="light" color={origin === 'external' ? 'grape' : 'gray'} size="sm" data-testid="run-origin">
        {t(`origin.${origin}`)}
      </Badge>
    </Tooltip>
  );
}
