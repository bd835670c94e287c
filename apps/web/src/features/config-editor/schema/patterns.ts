/**
 * The value patterns of spec 1 §5.1, one table. Each names its message (i18n key `configEditor.pattern.<name>`);
 * empty values are allowed unless the pattern is `required`. MATSim writes unset times as `undefined`, so the time
 * patterns accept that word too, and the float patterns MATSim's `null` of an unset number (a config MATSim wrote
 * must not be invalid in the editor).
 */
export interface ValuePattern {
  regex: RegExp;
  /** An empty value is invalid too. */
  required?: boolean;
  /** Whether the message is shown (§5.1: names are required, but no message is shown). */
  showMessage: boolean;
  /** The message's i18n key under `configEditor.pattern`. */
  message: string;
}

const TIME = /^(?:\d+:[0-5]\d(?::[0-5]\d)?|\d+(?:\.\d+)?|undefined)$/;
/** MATSim writes an unset optional number as `null`. */
const UNSIGNED_FLOAT = /^(?:\+?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|null)$/;
const SIGNED_FLOAT = /^(?:[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|null)$/;
const FRACTION = /^(?:0+(?:\.\d*)?|0*\.\d+|0*1(?:\.0*)?)$/;

export const PATTERNS = {
  /** Simulation end time, minimal duration, opening, closing, latest start, earliest end. */
  time: { regex: TIME, showMessage: true, message: 'time' },
  /** Typical duration: the same format, a value is required. */
  requiredTime: { regex: TIME, required: true, showMessage: true, message: 'time' },
  /** Iterations, intervals, threads. */
  nonNegativeInteger: { regex: /^\d+$/, showMessage: true, message: 'nonNegativeInteger' },
  /** Events-handling threads. */
  threadsOrNull: { regex: /^(?:\d+|null)$/, showMessage: true, message: 'nonNegativeInteger' },
  /** Disable after iteration (-1 never disables). */
  iterationOrNever: { regex: /^(?:\d+|-1)$/, showMessage: true, message: 'iterationOrNever' },
  /** Travel time estimation alpha. */
  fraction: { regex: FRACTION, showMessage: true, message: 'fraction' },
  /** Fraction of iterations to disable innovation. */
  fractionOrInfinity: { regex: new RegExp(`${FRACTION.source}|^Infinity$`), showMessage: true, message: 'fraction' },
  /** Weights, factors, speeds, distances, fares, fees, ranges. */
  nonNegativeFloat: { regex: UNSIGNED_FLOAT, showMessage: true, message: 'nonNegativeFloat' },
  /** Mode constants, marginal utilities, monetary values. */
  float: { regex: SIGNED_FLOAT, showMessage: true, message: 'float' },
  /** Activity and mode names. */
  name: { regex: /\S/, required: true, showMessage: false, message: 'name' },
} as const satisfies Record<string, ValuePattern>;

export type PatternName = keyof typeof PATTERNS;
/** A message's key under `configEditor.pattern`. */
export type PatternMessage = (typeof PATTERNS)[PatternName]['message'];

/** Whether a value passes; a failing one names its message unless the message is not shown. */
export type PatternCheck = { valid: true } | { valid: false; message?: PatternMessage };

export function checkPattern(name: PatternName, value: string): PatternCheck {
  const pattern = PATTERNS[name] as ValuePattern & { message: PatternMessage };
  const trimmed = value.trim();
  const ok = trimmed === '' ? !pattern.required : pattern.regex.test(trimmed);
  if (ok) return { valid: true };
  return pattern.showMessage ? { valid: false, message: pattern.message } : { valid: false };
}
