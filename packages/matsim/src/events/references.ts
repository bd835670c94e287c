/**
 * Entity and character references inside attribute values, for the events fast path. Only what saxes accepts
 * without a DTD is decoded here — the five predefined entities and numeric references to characters XML 1.0
 * allows — and decoded to the very same text. Anything else (an unknown entity, `&#X41;`, a reference to a
 * forbidden character, a missing `;`) is left to saxes, which reports it with its own message and position.
 */

/** Decoding needs more text than the buffer holds (the reference is cut by a chunk boundary). */
export const REFERENCE_INCOMPLETE = -1;
/** Not a reference the fast path decodes: saxes must see it. */
export const REFERENCE_OTHER = -2;

/** Where the reference read by the last successful `decodeReference` ends (just after its `;`). */
export let referenceEnd = 0;

// Longer digit runs are valid when they carry leading zeros (`&#0000065;`); saxes reads those, rarely as they occur.
const MAX_DIGITS = 7;

/**
 * The text of the reference starting with the `&` at `at`, or a REFERENCE_* code (negative number).
 * On success, `referenceEnd` is set.
 */
export function decodeReference(text: string, at: number): string | number {
  const first = text.charCodeAt(at + 1);
  if (first === 35 /* # */) return decodeCharacter(text, at + 2);
  let end = at + 1;
  for (let c = first; isAsciiLetter(c); c = text.charCodeAt(++end));
  const c = text.charCodeAt(end);
  if (c !== 59 /* ; */) return c === c ? REFERENCE_OTHER : REFERENCE_INCOMPLETE;
  let decoded: string | undefined;
  switch (text.slice(at + 1, end)) {
    case 'amp':
      decoded = '&';
      break;
    case 'lt':
      decoded = '<';
      break;
    case 'gt':
      decoded = '>';
      break;
    case 'quot':
      decoded = '"';
      break;
    case 'apos':
      decoded = "'";
      break;
    default:
      return REFERENCE_OTHER;
  }
  referenceEnd = end + 1;
  return decoded;
}

/** `&#65;` or `&#x41;` (saxes takes a lowercase `x` only, and hex digits of either case). */
function decodeCharacter(text: string, from: number): string | number {
  const hex = text.charCodeAt(from) === 120; /* x */
  let i = hex ? from + 1 : from;
  const digitsStart = i;
  let code = 0;
  for (;;) {
    const c = text.charCodeAt(i);
    const digit = hex ? hexDigit(c) : c >= 48 && c <= 57 ? c - 48 : -1;
    if (digit < 0) {
      if (c !== c) return REFERENCE_INCOMPLETE;
      if (c !== 59 /* ; */ || i === digitsStart) return REFERENCE_OTHER;
      break;
    }
    if (i - digitsStart === MAX_DIGITS) return REFERENCE_OTHER;
    code = code * (hex ? 16 : 10) + digit;
    i++;
  }
  if (!isXml10Char(code)) return REFERENCE_OTHER;
  referenceEnd = i + 1;
  return String.fromCodePoint(code);
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

function isAsciiLetter(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 97 && lower <= 122;
}

/** XML 1.0's Char production, as saxes checks character references against it. */
function isXml10Char(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}
