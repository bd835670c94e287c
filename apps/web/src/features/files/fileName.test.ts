import { describe, expect, it } from 'vitest';
import { baseNameLength, isImageName } from './fileName.ts';

const base = (name: string) => name.slice(0, baseNameLength(name));

describe('baseNameLength', () => {
  it('leaves out the extension', () => {
    expect(base('config.xml')).toBe('config');
    expect(base('output.events.txt')).toBe('output.events');
  });

  it('leaves out compressed suffixes with the extension', () => {
    expect(base('network.xml.gz')).toBe('network');
    expect(base('plans.xml.ZST')).toBe('plans');
    expect(base('archive.gz')).toBe('archive');
  });

  it('keeps names without an extension, and hidden files, whole', () => {
    expect(base('README')).toBe('README');
    expect(base('.gitignore')).toBe('.gitignore');
    expect(base('.hidden.gz')).toBe('.hidden');
  });
});

describe('isImageName', () => {
  it('knows the image extensions of spec 1 §9', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.webp']) expect(isImageName(name)).toBe(true);
    expect(isImageName('network.xml')).toBe(false);
    expect(isImageName('png')).toBe(false);
  });
});
