/**
 * A hostile user's swapper for the server import race (issue 23 finding 2): a real process that exchanges two
 * names atomically, over and over — a folder inside the root and a symbolic link leading outside it — with
 * renameat2(RENAME_EXCHANGE) through python3's ctypes, so that every lookup by name may see either. It stops when
 * asked, and by itself when the test process that started it is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const SWAP_LOOP = `
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
renameat2 = libc.renameat2
renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
AT_FDCWD, RENAME_EXCHANGE = -100, 2
a, b = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2])
parent = os.getppid()
print("swapping", flush=True)
n = 0
while True:
    if renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0:
        sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))
    n += 1
    if n % 4096 == 0 and os.getppid() != parent:
        sys.exit(0)
`;

export interface Swapper {
  /** Stops the loop; answers how the process ended (null: it was stopped, as asked). */
  stop(): Promise<string | null>;
}

/** Starts exchanging `a` and `b` (both must exist) and answers once the loop runs. */
export async function startSwapper(a: string, b: string): Promise<Swapper> {
  const child: ChildProcess = spawn('python3', ['-c', SWAP_LOOP, a, b], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [first] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [unknown];
  if (!Buffer.isBuffer(first)) throw new Error(`the swapper did not start: ${stderr}`);
  const exited = once(child, 'exit');
  return {
    async stop() {
      if (child.exitCode !== null) return `the swapper ended early: ${stderr || `exit code ${child.exitCode}`}`;
      child.kill('SIGTERM');
      await exited;
      return null;
    },
  };
}
