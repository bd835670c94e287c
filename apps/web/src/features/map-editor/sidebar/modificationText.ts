/**
 * The modification list's texts (issue 25): one readable line per modification — "Link 12: Capacity 1200 → 900",
 * "Deleted link 34", a group as its first steps — and the reason a revert is not offered. Pure: the translator is
 * passed in, so the words stay in the catalogues and the tests can read the keys.
 */
import { isDrtModification, isTransitModification, type RevertBlock, type RevertEntry, type RevertStep } from '@corridor/changesets';
import type { CustomAttribute, NetworkLeafModification } from '@corridor/contract';
import { drtText } from './drtText.ts';
import { transitText } from './transitText.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Steps of a group named in its line before "… n more". */
export const GROUP_STEPS_SHOWN = 2;

const STANDARD = new Set(['capacity', 'freespeed', 'lanes', 'length', 'modes']);

function valueText(value: unknown, t: Translate): string {
  if (value === undefined || value === null) return t('sidebar.mods.text.empty');
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  if (Array.isArray(value)) return value.join(', ') || t('sidebar.mods.text.empty');
  if (typeof value === 'object' && 'value' in value) return String((value as CustomAttribute).value);
  return String(value);
}

/** One step: what it did, with the earlier values its inverse holds. */
export function stepText(mod: NetworkLeafModification, inverse: NetworkLeafModification | undefined, t: Translate): string {
  switch (mod.type) {
    case 'network/addNode':
      return t('sidebar.mods.text.addNode', { id: mod.node.id });
    case 'network/updateNode':
      return t('sidebar.mods.text.moveNode', { id: mod.id });
    case 'network/deleteNode':
      return t('sidebar.mods.text.deleteNode', { id: mod.id });
    case 'network/addLink':
      return t('sidebar.mods.text.addLink', { id: mod.link.id });
    case 'network/deleteLink':
      return t('sidebar.mods.text.deleteLink', { id: mod.id });
    case 'network/updateLink': {
      const before = inverse?.type === 'network/updateLink' ? inverse.changes : undefined;
      const parts: string[] = [];
      const { fromId, toId, attributes, ...fields } = mod.changes;
      if (fromId !== undefined || toId !== undefined) {
        parts.push(t('sidebar.mods.text.direction', { from: `${before?.fromId ?? '?'}→${before?.toId ?? '?'}`, to: `${fromId ?? before?.fromId ?? '?'}→${toId ?? before?.toId ?? '?'}` }));
      }
      for (const [field, value] of Object.entries(fields)) {
        const label = STANDARD.has(field) ? t(`panels.table.columns.${field}`) : field;
        parts.push(t('sidebar.mods.text.change', { field: label, from: valueText(before?.[field as keyof typeof before], t), to: valueText(value, t) }));
      }
      for (const [name, value] of Object.entries(attributes ?? {})) {
        parts.push(t('sidebar.mods.text.change', { field: name, from: valueText(before?.attributes?.[name], t), to: valueText(value, t) }));
      }
      return t('sidebar.mods.text.updateLink', { id: mod.id, changes: parts.join(', ') });
    }
  }
}

/** The line of one modification. */
export function entryText(entry: Pick<RevertEntry, 'mod' | 'steps'>, t: Translate): string {
  const { mod } = entry;
  if (mod.type === 'none') return t('sidebar.mods.text.none');
  if (isTransitModification(mod)) return transitText(mod, t);
  if (isDrtModification(mod)) return drtText(mod, t);
  if (!mod.type.startsWith('network/')) return t('sidebar.mods.text.other', { type: mod.type });
  // Steps with their inverses when the modification applied; the bare steps otherwise.
  const steps: { mod: NetworkLeafModification; inverse?: NetworkLeafModification }[] =
    entry.steps.length > 0 ? (entry.steps as RevertStep[]) : mod.type === 'network/group' ? mod.modifications.map((step) => ({ mod: step })) : [{ mod: mod as NetworkLeafModification }];
  if (mod.type !== 'network/group') return stepText(steps[0]!.mod, steps[0]!.inverse, t);
  const shown = steps.slice(0, GROUP_STEPS_SHOWN).map((step) => stepText(step.mod, step.inverse, t));
  if (steps.length > GROUP_STEPS_SHOWN) shown.push(t('sidebar.mods.text.more', { count: steps.length - GROUP_STEPS_SHOWN }));
  return t('sidebar.mods.text.group', { count: steps.length, list: shown.join('; ') });
}

/** Why "Revert this one" is disabled. */
export function blockText(block: RevertBlock, t: Translate): string {
  switch (block.code) {
    case 'notNetwork':
      return t('sidebar.mods.reasons.notNetwork');
    case 'notLoaded':
      return t('sidebar.mods.reasons.notLoaded', { what: t(`sidebar.mods.what.${block.feature.kind}`, { id: block.feature.id }) });
    case 'later':
      return t('sidebar.mods.reasons.later', { what: t(`sidebar.mods.what.${block.feature.kind}`, { id: block.feature.id }) });
    case 'refused':
      return t('sidebar.mods.reasons.refused', { reason: t(`map.refusal.reasons.${block.reason.code}`, block.reason.params) });
  }
}
