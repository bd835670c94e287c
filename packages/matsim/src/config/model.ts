/**
 * A MATSim config (config_v1/config_v2.dtd) as written, order preserved: modules hold params, nestable
 * parametersets and comments. Values stay strings: their meaning depends on the module, and a round trip must not
 * reformat them (`+6`, `06:00:00`, `null` all survive as written).
 */

export interface Config {
  modules: ConfigModule[];
  /** Comments after the last module (or in a config without modules). */
  commentsAfter?: string[];
}

export interface ConfigModule {
  /** As in the file, e.g. `controler` or `controller`; see `canonicalModuleName`. A name may occur twice. */
  name: string;
  entries: ConfigEntry[];
  /** Comments between the previous module (or `<config>`) and this one. */
  commentsBefore?: string[];
}

export type ConfigEntry = ConfigParam | ConfigParameterSet | ConfigComment;

export interface ConfigParam {
  kind: 'param';
  name: string;
  value: string;
}

export interface ConfigParameterSet {
  kind: 'parameterset';
  type: string;
  entries: ConfigEntry[];
}

/** A `<!-- text -->` comment; the single space of padding on each side is not part of the text. */
export interface ConfigComment {
  kind: 'comment';
  text: string;
}

/** Which module names a config uses: `controler`/`planCalcScore`/… (≤ 15.0) or `controller`/`scoring`/… (≥ 2024). */
export type ConfigNaming = 'old' | 'new';

/** One replanning strategy, from a `strategysettings` parameterset or the old `Module_N` params alike. */
export interface StrategySetting {
  strategyName: string;
  weight: number;
  /** Absent when unset or `-1` (never disabled). */
  disableAfterIteration?: number;
  /** Absent for the default population (unset or `null`). */
  subpopulation?: string;
  /** Absent when unset or `null`. */
  executionPath?: string;
}
