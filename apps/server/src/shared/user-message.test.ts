import { describe, expect, it } from 'vitest';
import { userMessage } from './user-message.ts';

describe('userMessage', () => {
  it('keeps the message and drops the stack', () => {
    const err = new Error('out of paint');
    expect(err.stack).toContain('user-message.test.ts');
    expect(userMessage(err)).toBe('out of paint');
  });

  it('cuts absolute paths to their last part, on POSIX and Windows', () => {
    expect(userMessage(new Error("ENOENT: no such file or directory, open '/srv/data/files/ab/abc.bin'"))).toBe(
      "ENOENT: no such file or directory, open 'abc.bin'",
    );
    expect(userMessage('cannot read C:\\corridor\\data\\x.xml now')).toBe('cannot read x.xml now');
    expect(userMessage('at /work/main/apps/server/src/x.ts:12:5')).toBe('at x.ts:12:5');
  });

  it('leaves URLs, relative paths and fractions alone', () => {
    const text = 'see http://www.matsim.org/files/dtd/network_v2.dtd and output/x.csv, 1/2 done';
    expect(userMessage(text)).toBe(text);
  });
});
