/**
 * SFTP file access (spec 3 §2.18, issue 30; off unless SFTP_PORT is set): an SSH server (the `ssh2` package) whose
 * only service is the SFTP subsystem over the user's file tree (`tree.ts`). Sign-in by username and password, under
 * the web sign-in's limits, or username and one of the user's API keys as the password. No shell, no exec (so the
 * legacy scp protocol is refused; OpenSSH's scp uses SFTP since 9.0), no port forwarding.
 */
import type { AddressInfo } from 'node:net';
import ssh2, { type AuthContext, type Connection, type SFTPWrapper } from 'ssh2';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../shared/access.ts';
import { HttpError } from '../../shared/errors.ts';
import { parseSecretToken } from '../../security/secret-token.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { PathRefused, realPath, treePath } from './paths.ts';
import { NotInTree, TREE_MESSAGES, type FileTree, type TreeEntry, type TreeUpload } from './tree.ts';

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;

export interface SftpServerDeps {
  tree: FileTree;
  blobs: BlobStore;
  /** Password sign-in with the web's limits (AccountsService.passwordActor). */
  passwordActor: (input: { username: string; password: string }, ip: string) => Promise<Actor | 'limited' | null>;
  /** An API key's user (ApiKeyAuth.resolve). */
  apiKeyActor: (value: string) => Promise<Actor | null>;
  hostKey: Buffer;
  log: FastifyBaseLogger;
}

/** Open handles per connection at most (OpenSSH's client keeps a few). */
const MAX_HANDLES = 64;
/** Bytes one READ answers at most (clients ask for 32 KiB to 256 KiB). */
const MAX_READ = 256 * 1024;
const DIR_BATCH = 100;

type Handle =
  | { kind: 'dir'; entries: TreeEntry[] | undefined; load: () => Promise<TreeEntry[]>; sent: number }
  | { kind: 'read'; blobKey: string; size: number }
  | { kind: 'write'; upload: TreeUpload; failed: unknown };

export class SftpServer {
  private readonly server: ssh2.Server;

  constructor(private readonly deps: SftpServerDeps) {
    this.server = new ssh2.Server({ hostKeys: [deps.hostKey], banner: undefined }, (client, info) => this.connection(client, info.ip));
    this.server.on('error', (error: Error) => deps.log.error({ err: error }, 'the SFTP server failed'));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private connection(client: Connection, ip: string): void {
    const { log } = this.deps;
    let actor: Actor | undefined;
    client.on('error', (error) => log.debug({ err: error, ip }, 'an SFTP connection failed'));
    client.on('authentication', (ctx) => void this.authenticate(ctx, ip, (who) => (actor = who)));
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => this.sftp(acceptSftp(), actor!, ip));
        for (const refused of ['exec', 'shell', 'pty', 'subsystem', 'x11', 'env'] as const) {
          session.on(refused as 'exec', (_accept: unknown, reject?: () => void) => reject?.());
        }
      });
      client.on('tcpip', (_accept, reject) => reject());
    });
  }

  /** Accepts a right username and password (or API key); `signedIn` learns the user before the session can start. */
  private async authenticate(ctx: AuthContext, ip: string, signedIn: (actor: Actor) => void): Promise<void> {
    if (ctx.method !== 'password') return ctx.reject(['password']);
    try {
      const username = ctx.username;
      const password = ctx.password;
      // An API key as the password: only with its own user's name.
      if (parseSecretToken(password)) {
        const keyActor = await this.deps.apiKeyActor(password);
        if (keyActor && keyActor.username === username.trim()) {
          this.deps.log.info({ event: 'sftp.signed-in', userId: keyActor.userId, via: 'apikey', ip }, 'SFTP sign-in');
          signedIn(keyActor);
          return ctx.accept();
        }
      }
      const actor = await this.deps.passwordActor({ username, password }, ip);
      if (actor && actor !== 'limited') {
        this.deps.log.info({ event: 'sftp.signed-in', userId: actor.userId, via: 'password', ip }, 'SFTP sign-in');
        signedIn(actor);
        return ctx.accept();
      }
      ctx.reject(['password']);
    } catch (error) {
      this.deps.log.error({ err: error, ip }, 'SFTP sign-in failed');
      ctx.reject(['password']);
    }
  }

  private sftp(sftp: SFTPWrapper, actor: Actor, ip: string): void {
    const { tree, blobs, log } = this.deps;
    const handles = new Map<string, Handle>();
    let nextHandle = 0;
    const open = (handle: Handle): Buffer | undefined => {
      if (handles.size >= MAX_HANDLES) return undefined;
      const id = Buffer.from(String(nextHandle++));
      handles.set(id.toString(), handle);
      return id;
    };
    /**
     * Runs one request after the ones before it (answers go out in the order asked, as OpenSSH's server sends them:
     * its scp client truncates a download whose answers come reordered); errors become SFTP statuses with a message.
     */
    let queue = Promise.resolve();
    const answer = (reqid: number, work: () => Promise<void>) => {
      queue = queue.then(() =>
        work().catch((error: unknown) => {
          const [code, message] = statusOf(error);
          if (code === STATUS_CODE.FAILURE && !(error instanceof HttpError)) log.error({ err: error, userId: actor.userId, ip }, 'an SFTP request failed');
          sftp.status(reqid, code, message);
        }),
      );
    };
    const tooMany = (reqid: number) => sftp.status(reqid, STATUS_CODE.FAILURE, `At most ${MAX_HANDLES} files or folders may be open at once.`);

    sftp.on('REALPATH', (reqid, requested) =>
      answer(reqid, async () => {
        const resolved = realPath(requested);
        sftp.name(reqid, [{ filename: resolved, longname: resolved, attrs: dirAttrs(new Date(0)) }]);
      }),
    );
    const stat = (reqid: number, requested: string) =>
      answer(reqid, async () => {
        sftp.attrs(reqid, attrsOf(await tree.stat(actor, treePath(requested))));
      });
    sftp.on('STAT', stat);
    sftp.on('LSTAT', stat);
    sftp.on('FSTAT', (reqid, id) => {
      const handle = handles.get(id.toString());
      if (handle?.kind === 'read') sftp.attrs(reqid, { ...fileAttrs(handle.size, new Date()) });
      else if (handle?.kind === 'dir') sftp.attrs(reqid, dirAttrs(new Date(0)));
      else if (handle?.kind === 'write') sftp.attrs(reqid, fileAttrs(0, new Date()));
      else sftp.status(reqid, STATUS_CODE.FAILURE, 'No such handle.');
    });
    sftp.on('OPENDIR', (reqid, requested) =>
      answer(reqid, async () => {
        const at = treePath(requested);
        const entry = await tree.stat(actor, at);
        if (entry.kind !== 'dir') throw new PathRefused(`${requested} is a file, not a folder.`);
        const id = open({ kind: 'dir', entries: undefined, load: () => tree.list(actor, at), sent: 0 });
        if (!id) return tooMany(reqid);
        sftp.handle(reqid, id);
      }),
    );
    sftp.on('READDIR', (reqid, id) =>
      answer(reqid, async () => {
        const handle = handles.get(id.toString());
        if (handle?.kind !== 'dir') return void sftp.status(reqid, STATUS_CODE.FAILURE, 'No such folder handle.');
        handle.entries ??= await handle.load();
        if (handle.sent >= handle.entries.length) return void sftp.status(reqid, STATUS_CODE.EOF);
        const batch = handle.entries.slice(handle.sent, handle.sent + DIR_BATCH);
        handle.sent += batch.length;
        sftp.name(reqid, batch.map((entry) => ({ filename: entry.name, longname: longName(entry), attrs: attrsOf(entry) })));
      }),
    );
    sftp.on('OPEN', (reqid, requested, flags) =>
      answer(reqid, async () => {
        const at = treePath(requested);
        if (flags & OPEN_MODE.WRITE) {
          if (flags & (OPEN_MODE.READ | OPEN_MODE.APPEND)) throw new PathRefused('Files are opened either to read or to write a new file from its start.');
          const upload = await tree.openWrite(actor, at);
          const id = open({ kind: 'write', upload, failed: undefined });
          if (!id) {
            upload.abort();
            return tooMany(reqid);
          }
          log.info({ event: 'sftp.upload', userId: actor.userId, path: requested, ip }, 'SFTP upload started');
          return void sftp.handle(reqid, id);
        }
        const file = await tree.openRead(actor, at);
        const id = open({ kind: 'read', ...file });
        if (!id) return tooMany(reqid);
        sftp.handle(reqid, id);
      }),
    );
    sftp.on('READ', (reqid, id, offset, length) =>
      answer(reqid, async () => {
        const handle = handles.get(id.toString());
        if (handle?.kind !== 'read') return void sftp.status(reqid, STATUS_CODE.FAILURE, 'No such file handle.');
        if (offset >= handle.size) return void sftp.status(reqid, STATUS_CODE.EOF);
        const bytes = await blobs.readRange(handle.blobKey, offset, Math.min(handle.size, offset + Math.min(length, MAX_READ)));
        sftp.data(reqid, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }),
    );
    sftp.on('WRITE', (reqid, id, offset, data) => {
      const copy = Buffer.from(data);
      answer(reqid, async () => {
        const handle = handles.get(id.toString());
        if (handle?.kind !== 'write') return void sftp.status(reqid, STATUS_CODE.FAILURE, 'No such file handle.');
        if (handle.failed) throw handle.failed;
        try {
          await handle.upload.write(offset, copy);
        } catch (error) {
          handle.failed = error;
          throw error;
        }
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });
    sftp.on('CLOSE', (reqid, id) =>
      answer(reqid, async () => {
        const key = id.toString();
        const handle = handles.get(key);
        handles.delete(key);
        if (!handle) return void sftp.status(reqid, STATUS_CODE.FAILURE, 'No such handle.');
        if (handle.kind === 'write') {
          if (handle.failed) {
            handle.upload.abort();
            throw handle.failed;
          }
          await handle.upload.close();
          log.info({ event: 'sftp.uploaded', userId: actor.userId, ip }, 'SFTP upload stored');
        }
        sftp.status(reqid, STATUS_CODE.OK);
      }),
    );
    // put -p sets times and modes afterwards: accepted and ignored (Corridor keeps its own times).
    sftp.on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
    sftp.on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
    for (const event of ['REMOVE', 'RENAME', 'MKDIR', 'RMDIR', 'READLINK', 'SYMLINK'] as const) {
      sftp.on(event as 'REMOVE', (reqid: number) => sftp.status(reqid, STATUS_CODE.OP_UNSUPPORTED, TREE_MESSAGES.notSupported));
    }
    // The client is done (its EOF): close our side too, or clients such as OpenSSH's sftp wait for ever.
    sftp.on('end', () => endSession(sftp));
    sftp.on('close', () => {
      for (const handle of handles.values()) if (handle.kind === 'write') handle.upload.abort();
      handles.clear();
    });
  }
}

/**
 * Exit status 0, then the channel closed: scp reports a transfer as failed when the session ends without an exit
 * status (as OpenSSH's server sends for its sftp subsystem). ssh2's SFTP stream has no exit(); its channel's protocol
 * does (the same call `Channel.exit` makes).
 */
function endSession(sftp: SFTPWrapper): void {
  const channel = sftp as unknown as { _protocol?: { exitStatus(id: number, status: number): void }; outgoing?: { id: number; state: string } };
  if (channel.outgoing && (channel.outgoing.state === 'open' || channel.outgoing.state === 'eof')) channel._protocol?.exitStatus(channel.outgoing.id, 0);
  sftp.end();
}

function statusOf(error: unknown): [number, string] {
  if (error instanceof PathRefused) return [STATUS_CODE.PERMISSION_DENIED, error.message];
  if (error instanceof NotInTree) return [STATUS_CODE.NO_SUCH_FILE, error.message];
  if (error instanceof HttpError) {
    if (error.statusCode === 404) return [STATUS_CODE.NO_SUCH_FILE, TREE_MESSAGES.noSuchFile];
    if (error.statusCode === 403 || error.statusCode === 401) return [STATUS_CODE.PERMISSION_DENIED, error.message];
    return [STATUS_CODE.FAILURE, error.message];
  }
  return [STATUS_CODE.FAILURE, 'The server could not do this; the server log says why.'];
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function dirAttrs(modified: Date) {
  return { mode: 0o040755, uid: 0, gid: 0, size: 0, atime: seconds(modified), mtime: seconds(modified) };
}

function fileAttrs(size: number, modified: Date) {
  return { mode: 0o100644, uid: 0, gid: 0, size, atime: seconds(modified), mtime: seconds(modified) };
}

function attrsOf(entry: TreeEntry) {
  return entry.kind === 'dir' ? dirAttrs(entry.modified) : fileAttrs(entry.size, entry.modified);
}

/** An `ls -l` line, as clients show it. */
function longName(entry: TreeEntry): string {
  const mode = entry.kind === 'dir' ? 'drwxr-xr-x' : '-rw-r--r--';
  const size = entry.kind === 'dir' ? 0 : entry.size;
  const when = entry.modified.toISOString().slice(0, 16).replace('T', ' ');
  return `${mode} 1 corridor corridor ${String(size).padStart(12)} ${when} ${entry.name}`;
}
