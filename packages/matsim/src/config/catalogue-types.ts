/** The shape of the config catalogue (`catalogue.generated.ts`): what MATSim documents of its config modules. */

/** One param as MATSim documents it: the comment it writes above the param, and the default value when known. */
export interface ParamDoc {
  /** MATSim's comment in output_config.xml, whitespace collapsed; absent when MATSim writes none. */
  description?: string;
  /** MATSim's default value as MATSim writes it (`1000`, `true`, `null` for unset); absent when not known. */
  default?: string;
}

export interface ModuleDoc {
  /** Module-level params by name. */
  params: Readonly<Record<string, ParamDoc>>;
  /** Params of the module's parametersets by type, wherever the set is nested (`activityParams` in `scoringParameters`). */
  sets: Readonly<Record<string, Readonly<Record<string, ParamDoc>>>>;
}

/** By the module's current name (`controller`, `scoring`). */
export type ConfigCatalogue = Readonly<Record<string, ModuleDoc>>;
