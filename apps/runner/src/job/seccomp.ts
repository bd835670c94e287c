/**
 * A seccomp filter (classic BPF, the bytes bwrap's --seccomp reads) that keeps a job from creating user namespaces:
 * unshare and clone with CLONE_NEWUSER fail with EPERM, clone3 (whose flags lie in memory a filter cannot read) with
 * ENOSYS, so the C library falls back to clone; every other call is allowed. A root runner needs it: its jobs run as
 * nobody without a user namespace of their own, so bwrap's --disable-userns (which needs --unshare-user) does not
 * apply, and `unshare -U -r` would make a job uid 0 in a namespace of its own. A process of another architecture
 * (a 32-bit binary on a 64-bit kernel has other call numbers) is killed at its first call.
 */

/** The calls the filter looks at, per Node architecture: its audit architecture and call numbers. */
const ARCHITECTURES: Partial<Record<NodeJS.Architecture, { audit: number; unshare: number; clone: number; clone3: number; x32?: boolean }>> = {
  x64: { audit: 0xc000003e, unshare: 272, clone: 56, clone3: 435, x32: true },
  arm64: { audit: 0xc00000b7, unshare: 97, clone: 220, clone3: 435 },
};

const CLONE_NEWUSER = 0x10000000;
const EPERM = 1;
const ENOSYS = 38;
/** Call numbers of the x32 ABI carry this bit (x86-64 kernels); its calls could reach unshare under another number. */
const X32_SYSCALL_BIT = 0x40000000;

// struct seccomp_data: nr (u32), arch (u32), instruction_pointer (u64), args[6] (u64, little-endian on both).
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

// BPF opcodes and seccomp return values (linux/filter.h, linux/seccomp.h).
const LOAD = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RET = 0x06; // BPF_RET | BPF_K
const ALLOW = 0x7fff0000;
const KILL_PROCESS = 0x80000000;
const errno = (code: number) => 0x00050000 | code;

type Instruction = [code: number, jt: number, jf: number, k: number];

/** The filter's bytes for this machine (or `arch`); undefined on an architecture it does not know. */
export function userNamespaceFilter(arch: NodeJS.Architecture = process.arch): Buffer | undefined {
  const calls = ARCHITECTURES[arch];
  if (!calls) return undefined;
  const program: Instruction[] = [
    [LOAD, 0, 0, ARCH],
    [JEQ, 1, 0, calls.audit],
    [RET, 0, 0, KILL_PROCESS],
    [LOAD, 0, 0, NR],
    // The x32 check is a jump that is never taken where there is no x32.
    [JGE, 0, 1, calls.x32 ? X32_SYSCALL_BIT : 0xffffffff],
    [RET, 0, 0, errno(ENOSYS)],
    [JEQ, 0, 1, calls.clone3],
    [RET, 0, 0, errno(ENOSYS)],
    [JEQ, 1, 0, calls.unshare],
    [JEQ, 0, 3, calls.clone],
    [LOAD, 0, 0, ARG0_LOW],
    [JSET, 0, 1, CLONE_NEWUSER],
    [RET, 0, 0, errno(EPERM)],
    [RET, 0, 0, ALLOW],
  ];
  const bytes = Buffer.alloc(program.length * 8);
  for (const [i, [code, jt, jf, k]] of program.entries()) {
    bytes.writeUInt16LE(code, i * 8);
    bytes.writeUInt8(jt, i * 8 + 2);
    bytes.writeUInt8(jf, i * 8 + 3);
    bytes.writeUInt32LE(k, i * 8 + 4);
  }
  return bytes;
}
