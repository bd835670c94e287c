/**
 * Entity and character references inside attribute values, for the events fast path, read from the bytes. Only
 * what saxes accepts without a DTD is decoded here — the five predefined entities and numeric references to
 * characters XML 1.0 allows — and decoded to the very same text. Anything else (an unknown entity, `&#X41;`, a
 * reference to a forbidden character, a missing `;`) is left to saxes, which reports it with its own message and
 * position. References are ASCII, so their bytes are their characters.
 */

/** Decoding needs more bytes than the buffer holds (the reference is cut by a chunk boundary). */
export const REFERENCE_INCOMPLETE = -1;
/** Not a reference the fast path decodes: saxes must see it. */
export const REFERENCE_OTHER = -2;

/** Where the reference read by the last successful `decodeReference` ends (just after its `;`). */
export let referenceEnd = 0;

// Longer digit runs are valid when they carry leading zeros (`&#0000065;`); saxes reads those, rarely as they occur.
const MAX_DIGITS = 7;

/**
 * The text of the reference starting with the `&` at `at` of `bytes` (valid up to `length`), or a REFERENCE_*
 * code (negative number). On success, `referenceEnd` is set.
 */
export function decodeReference(bytes: Uint8Array, at: number, length: number): string | number {
  const first = at + 1 < length ? bytes[at + 1]! : -1;
  if (first === 35 /* # */) return decodeCharacter(bytes, at + 2, length);
  let end = at + 1;
  while (end < length && isAsciiLetter(bytes[end]!)) end++;
  if (end >= length) return REFERENCE_INCOMPLETE;
  if (bytes[end] !== 59 /* ; */) return REFERENCE_OTHER;
  let decoded: string;
  switch (latin1(bytes, at + 1, end)) {
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
function decodeCharacter(bytes: Uint8Array, from: number, length: number): string | number {
  if (from >= length) return REFERENCE_INCOMPLETE;
  const hex = bytes[from] === 120; /* x */
  let i = hex ? from + 1 : from;
  const digitsStart = i;
  let code = 0;
  for (;;) {
    if (i >= length) return REFERENCE_INCOMPLETE;
    const c = bytes[i]!;
    const digit = hex ? hexDigit(c) : c >= 48 && c <= 57 ? c - 48 : -1;
    if (digit < 0) {
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

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]!);
  return text;
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
