import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Flags for headless Chromium on this kind of machine (see the architecture doc). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL (the map editor's MapLibre + deck.gl) through software rendering.
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Debian's Chromium when installed, else the one shipped in the @sparticuz/chromium npm package. */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const name = '@sparticuz/chromium';
    const sparticuz = (await import(name)) as { default: { executablePath(): Promise<string> } };
    return await sparticuz.default.executablePath();
  } catch {
    throw new Error('No Chromium found: install Debian\'s chromium (apt-get install -y chromium) or set CHROMIUM_PATH.');
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
}
