/** What the form shows and whether it may be saved: levels, naming, strategy-dependent visibility, validation. */
import { configNaming, type Config, type ConfigNaming } from '@corridor/matsim/config-text';
import { STRATEGY_GROUP_ITEM } from '../schema/schema.ts';
import { checkPattern, type PatternMessage } from '../schema/patterns.ts';
import type { Field, Item, Level, Schema, Visibility } from '../schema/types.ts';
import { groupEntries, readEntryValue, readValue, type EntryRef } from './binding.ts';

/** The strategy names the file selects (parametersets and old `Module_N` params alike). */
export function selectedStrategies(config: Config): string[] {
  const name = STRATEGY_GROUP_ITEM.fields.find((field) => field.binding === STRATEGY_GROUP_ITEM.titleField)!;
  return groupEntries(config, STRATEGY_GROUP_ITEM).flatMap((ref) => {
    const value = readEntryValue(config, ref, name)?.trim();
    return value ? [value] : [];
  });
}

export function matchesStrategies(visibility: Visibility | undefined, strategies: readonly string[]): boolean {
  if (!visibility) return true;
  return visibility.strategies.some((wanted) =>
    wanted.endsWith('*') ? strategies.some((name) => name.startsWith(wanted.slice(0, -1))) : strategies.includes(wanted),
  );
}

interface ViewContext {
  level: Level;
  naming: ConfigNaming;
  strategies: readonly string[];
}

export function viewContext(config: Config, level: Level): ViewContext {
  return { level, naming: configNaming(config), strategies: selectedStrategies(config) };
}

/** Whether an item (field or group) appears at the level, in the file's naming, with the selected strategies. */
export function itemVisible(item: Item | Field, context: ViewContext): boolean {
  return (
    item.levels.includes(context.level) &&
    (item.naming === undefined || item.naming === context.naming) &&
    matchesStrategies(item.visibleWhen, context.strategies)
  );
}

/** One invalid value: where it is (field id, and the entry of a group) and the message key (none: not shown). */
export interface FieldError {
  fieldId: string;
  entry?: EntryRef;
  /** The group entry's position among the group's entries. */
  entryIndex?: number;
  message?: PatternMessage;
}

/** Every invalid value the schema can see in the config, shown or not: each of them blocks saving. */
export function validate(schema: Schema, config: Config): FieldError[] {
  const naming = configNaming(config);
  const errors: FieldError[] = [];
  const check = (field: Field, value: string | undefined, entry?: EntryRef, entryIndex?: number) => {
    if (!field.pattern || (field.naming && field.naming !== naming)) return;
    const result = checkPattern(field.pattern, value ?? '');
    if (!result.valid) errors.push({ fieldId: field.id, entry, entryIndex, message: result.message });
  };
  for (const tab of schema) {
    for (const item of tab.items) {
      if (item.kind !== 'group') {
        const value = readValue(config, item.binding);
        // An unset optional value is MATSim's default; only a present value is checked.
        if (value !== undefined) check(item, value);
        continue;
      }
      groupEntries(config, item).forEach((ref, index) => {
        for (const field of item.fields) check(field, readEntryValue(config, ref, field), ref, index);
      });
    }
  }
  return errors;
}

/** Errors of one field (of one group entry). */
export function errorFor(errors: readonly FieldError[], fieldId: string, entryIndex?: number): FieldError | undefined {
  return errors.find((error) => error.fieldId === fieldId && error.entryIndex === entryIndex);
}
