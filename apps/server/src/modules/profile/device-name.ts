/**
 * A device's name for the profile's Devices list, from the User-Agent stored at sign-in: "Chrome on Linux",
 * "Safari on iOS", "curl". Text no rule recognises is shown as it is (it is what the client called itself).
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  // No word boundary: HeadlessChrome is Chrome too.
  [/(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\b(Linux|X11)\b/, 'Linux'],
];

/** Programs that call the API themselves: their own name. */
const CLIENTS: [RegExp, string][] = [
  [/^curl\//, 'curl'],
  [/^Wget\//, 'Wget'],
  [/^python-requests\//, 'Python requests'],
  [/^Python-urllib\//, 'Python urllib'],
  [/^PostmanRuntime\//, 'Postman'],
  [/^(node-fetch|undici|node)\b/, 'Node.js'],
];

const first = (rules: [RegExp, string][], text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

export function deviceName(userAgent: string): string {
  const text = userAgent.trim();
  const client = first(CLIENTS, text);
  if (client) return client;
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (text || 'Unknown device');
}
