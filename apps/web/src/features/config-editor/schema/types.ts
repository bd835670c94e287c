/**
 * The shape of the configuration editor's schema (spec 1 §3.1): data that drives the form. Every item has a kind,
 * a label, a binding, the levels where it appears, an optional pattern (§5.1), a hint and an optional visibility
 * condition on the selected replanning strategies.
 */
import type { ConfigEditorLevel } from '@corridor/contract';
import type { ConfigNaming } from '@corridor/matsim/config-text';
import type en from '../../../i18n/en.json';
import type { PatternName } from './patterns.ts';

export type Level = ConfigEditorLevel;
/** i18n keys under `configEditor.hint` and `configEditor.group`. */
export type HintKey = keyof (typeof en)['configEditor']['hint'];
export type GroupLabelKey = keyof (typeof en)['configEditor']['group'];

/** Shown only while a strategy of this list is selected; an entry ending in `*` matches by prefix. */
export interface Visibility {
  strategies: string[];
}

/** Choices of a select: the same for every level, or per level (§9 strategy choices). */
export interface SelectOptions {
  values: readonly string[] | Readonly<Record<Level, readonly string[]>>;
  /** Whether a value not in the list may be typed (§5: a select can accept a custom value). */
  custom: boolean;
}

interface ItemBase {
  /** Unique in the schema, e.g. `qsim.endTime` or `replanning.strategysettings.weight`. */
  id: string;
  /** What the form shows: the MATSim name of the param (or an i18n key under `configEditor.group` for groups). */
  label: string;
  levels: readonly Level[];
  hint?: HintKey;
  visibleWhen?: Visibility;
  /** Only in files of this naming (a param MATSim renamed with its modules). */
  naming?: ConfigNaming;
}

interface FieldBase extends ItemBase {
  /**
   * Where the value lives. Module-level fields: `module.param` with the module's current (new) name, e.g.
   * `controller.lastIteration`. Fields of a group: relative to one entry of the group, nested parameterset types
   * first, e.g. `weight` or `drtfare.basefare`.
   */
  binding: string;
  /** Where older releases kept a group field (read too; written there in files of the old naming). */
  legacyBinding?: string;
  /** The old flat name of a group field (`ModuleProbability` for `ModuleProbability_1`). */
  flat?: string;
  pattern?: PatternName;
}

export interface TextField extends FieldBase {
  kind: 'text';
}
export interface SelectField extends FieldBase {
  kind: 'select';
  options: SelectOptions;
}
export interface CheckboxField extends FieldBase {
  kind: 'checkbox';
  /** MATSim's default, shown while the param is unset. */
  defaultValue: boolean;
}
/** A file of the scenario, or any typed value. */
export interface FileSelectField extends FieldBase {
  kind: 'fileSelect';
}
export type Field = TextField | SelectField | CheckboxField | FileSelectField;

/** A repeated parameterset: one collapsible group per entry, with Add and a trash button. */
export interface GroupItem extends ItemBase {
  kind: 'group';
  label: GroupLabelKey;
  /** `module.parametersetType`, e.g. `replanning.strategysettings`. */
  binding: string;
  /** Parameterset types that may hold the entries inside the module (scoring's `scoringParameters`). */
  within?: readonly string[];
  /** Entries written as flat indexed params (`Module_1`, `activityType_0`) are read as entries too. */
  flatIndex?: boolean;
  /** The field whose value titles an entry. */
  titleField: string;
  /** MATSim's default of the title field, shown while an entry leaves it unset. */
  titleDefault?: string;
  /** The params a new entry starts with (by field binding). */
  newEntry: Readonly<Record<string, string>>;
  fields: readonly Field[];
}

export type Item = Field | GroupItem;

export interface ModuleTab {
  /** The module's current (new) name; also the tab's label. */
  module: string;
  items: readonly Item[];
  visibleWhen?: Visibility;
  /** A module few configs have (DVRP, DRT): its tab shows when the file has the module, or at the expert level. */
  optional?: boolean;
}

export type Schema = readonly ModuleTab[];
