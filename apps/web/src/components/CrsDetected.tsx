/**
 * Where a dataset's CRS came from, or which one its files name (issue 24): the server keeps what a config's
 * `global.coordinateSystem` or a network's `coordinateReferenceSystem` says as `__crsDetected`, and sets it as
 * the CRS when there was none. Shown under the CRS field and on the scenario page; with `onUse`, a CRS the files
 * name but the dataset does not use is offered with a button.
 */
import { DetectedCrs } from '@corridor/contract';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The dataset's detection, when its attribute has the contract's shape. */
export function detectedCrsOf(attributes: Record<string, unknown>): DetectedCrs | undefined {
  const parsed = DetectedCrs.safeParse(attributes.__crsDetected);
  return parsed.success ? parsed.data : undefined;
}

interface CrsDetectedProps {
  detected: DetectedCrs | undefined;
  /** The CRS the dataset has now (or the form holds). */
  current: string | null | undefined;
  /** Offers the detected CRS when it differs from `current`. */
  onUse?: (code: string) => void;
}

export function CrsDetected({ detected, current, onUse }: CrsDetectedProps) {
  const { t } = useTranslation();
  if (!detected) return null;
  const where = { file: detected.fileName, field: detected.field, value: detected.value };
  if (detected.code === null) {
    return (
      <Text size="xs" c="orange" data-testid="crs-detected">
        {t('crs.detectedUnknown', where)}
      </Text>
    );
  }
  if (current && current === detected.code) {
    return (
      <Text size="xs" c="dimmed" data-testid="crs-detected">
        {detected.applied ? t('crs.detectedApplied', where) : t('crs.detectedSame', where)}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" data-testid="crs-detected">
      <Text size="xs" c={current ? 'orange' : undefined}>
        {t(current ? 'crs.detectedOther' : 'crs.detectedOffer', { ...where, code: detected.code })}
      </Text>
      {onUse && (
        <Button size="compact-xs" variant="light" onClick={() => onUse(detected.code!)}>
          {t('crs.useDetected', { code: detected.code })}
        </Button>
      )}
    </Group>
  );
}
