/**
 * Reading and writing file contents: download, the config XML for the configuration editor, derived files
 * (network previews), and networks as JSON/GeoJSON.
 */
import { FILE_HEAD_MAX_BYTES, headLines, type DerivedFile, type FileHead } from '@corridor/contract';
import { MatsimFormatError } from '@corridor/matsim';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import type { Actor } from '../../shared/access.ts';
import { HttpError, badRequest, notFound } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { FILE_NOT_FOUND, type FileAccess } from './access.ts';
import { contentVersion, type ConfigSaveRepository, type FileVersion, type StaleSave } from './config-save.ts';
import { contentDisposition, contentType, storedContentType } from './content.ts';
import { NetworkTooLargeError } from './network-json.ts';
import type { FileRow, FilesRepository } from './repository.ts';
import { sniffBlob } from './sniffing.ts';
import type { FileBody } from '../../plugins/file-reply.ts';
import { tooLargeAnswer } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Processing } from '../../workers/processing.ts';

export interface FileContentDeps {
  files: FilesRepository;
  configSaves: ConfigSaveRepository;
  fileAccess: FileAccess;
  blobs: BlobStore;
  /** Networks with more links are refused by /as/json and /as/geojson. */
  maxNetworkJsonLinks: number;
  /** Every read of the content (inline decompression, config check, sniffing, JSON) runs there, bounded. */
  processing: Processing;
  onBlobLeak: (key: string, err: unknown) => void;
}

const isConfig = (file: FileRow) => file.tag?.startsWith('config_v') ?? false;
const isNetwork = (file: FileRow) => file.tag?.startsWith('network_v') ?? false;

export class FileContentService {
  constructor(private readonly deps: FileContentDeps) {}

  /**
   * The file's content. A download (`dl`) sends the bytes as stored; shown inline, compressed text formats are
   * decompressed so the browser (or the configuration editor) gets the text itself — whole and checked before the
   * first byte is sent, so truncated or damaged data answers an error instead of a cut body. `signal`: the client
   * has gone (the decompression is dropped unless someone else waits for it too).
   */
  async open(actor: Actor | null, fileId: number, download: boolean, signal?: AbortSignal): Promise<FileBody> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    const compression = file.attributes.compression;
    if (download || !compression || file.tag === null) {
      return {
        stream: this.deps.blobs.read(file.blobKey),
        contentType: storedContentType(file.name, file.tag, compression),
        disposition: contentDisposition(download ? 'attachment' : 'inline', file.name),
        size: file.size,
        version: contentVersion(file),
      };
    }
    const text = await this.deps.processing.inflate(storedBlob(this.deps.blobs, file.blobKey), askedBy(user, signal)).catch((err: unknown) => {
      if (err instanceof MatsimFormatError) throw badRequest(`The file cannot be shown: ${err.message} Download it to get the bytes as stored.`);
      throw tooLargeAnswer(err);
    });
    return {
      stream: Readable.from([Buffer.from(text.buffer, text.byteOffset, text.byteLength)]),
      size: text.byteLength,
      contentType: contentType(file.name, file.tag),
      disposition: contentDisposition('inline', file.name.replace(/\.(gz|zst)$/i, '')),
      version: contentVersion(file),
    };
  }

  /**
   * The beginning of a file as text (issue 24): decompressed when stored compressed, at most FILE_HEAD_MAX_BYTES and
   * FILE_HEAD_MAX_LINES, ending at a whole line; the rest is never decompressed. Views of run outputs such as
   * output_events.xml.gz use it, whatever their size.
   */
  async head(actor: Actor | null, fileId: number, signal?: AbortSignal): Promise<FileHead> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    const { bytes, more } = await this.deps.processing
      .textHead(storedBlob(this.deps.blobs, file.blobKey), FILE_HEAD_MAX_BYTES, askedBy(user, signal))
      .catch((err: unknown) => {
        if (err instanceof MatsimFormatError) throw badRequest(`The file cannot be shown: ${err.message} Download it to get the bytes as stored.`);
        throw tooLargeAnswer(err);
      });
    if (bytes.includes(0)) throw badRequest(`${file.name} is not a text file and cannot be shown. Download it instead.`);
    // A multi-byte character cut at the bound decodes as U+FFFD; the cut at the last whole line drops it.
    const decoded = new TextDecoder('utf-8').decode(bytes);
    return { name: file.name, ...headLines(decoded, more), compressed: typeof file.attributes.compression === 'string' };
  }

  /**
   * Saves the configuration editor's XML and answers the id of the file now holding it. The text must read as a
   * MATSim config; the new content is stored completely before a file points at it. A file no run uses changes in
   * place (its old blob is removed afterwards); a file a run uses stays as the run recorded it, and the content
   * becomes a new file that replaces it in every scenario using it (copy-on-write, `config-save.ts`). With
   * `expected` (If-Match) the save is refused as stale unless the file is still at that version; ANY_VERSION (`*`)
   * saves over the newest content.
   */
  async saveConfig(actor: Actor | null, fileId: number, xml: string, expected: string): Promise<FileVersion | StaleSave> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    if (!isConfig(file) && !(file.tag === null && file.size === 0)) {
      throw badRequest('Only configuration files (or empty files) can be saved as configuration XML.');
    }
    const bytes = Buffer.from(xml, 'utf8');
    try {
      await this.deps.processing.config(bytes, askedBy(user));
    } catch (err) {
      if (err instanceof MatsimFormatError) throw badRequest(`The configuration could not be read: ${err.message}`);
      throw tooLargeAnswer(err);
    }
    // A gzip-compressed config stays compressed, so its name keeps telling the truth and MATSim reads it as before.
    // (The sniffed attribute, not the blob: a concurrent save may have removed the blob already.)
    const stored = file.attributes.compression === 'gzip' ? gzipSync(bytes) : bytes;
    const blob = await this.deps.blobs.put([stored]);
    const content = await sniffBlob(this.deps.processing, this.deps.blobs, blob.key, file.name, askedBy(user));
    const saved = await this.deps.configSaves.save(fileId, { blobKey: blob.key, size: blob.size, ...content }, user.userId, expected);
    if (!saved || 'stale' in saved) await this.removeBlob(blob.key);
    if (!saved) throw notFound(FILE_NOT_FOUND);
    if ('stale' in saved) return saved;
    if (saved.unusedBlobKey) await this.removeBlob(saved.unusedBlobKey);
    return { id: saved.id, version: saved.version };
  }

  async listDerived(actor: Actor | null, fileId: number): Promise<DerivedFile[]> {
    await this.deps.fileAccess.require(actor, fileId);
    const rows = await this.deps.files.listDerived(fileId);
    return rows.map(({ type, filename }) => ({ type, filename }));
  }

  async openDerived(actor: Actor | null, fileId: number, filename: string): Promise<FileBody> {
    await this.deps.fileAccess.require(actor, fileId);
    const derived = await this.deps.files.findDerived(fileId, filename);
    if (!derived) throw notFound('The derived file could not be found.');
    return {
      stream: this.deps.blobs.read(derived.blobKey),
      contentType: contentType(derived.filename, null),
      disposition: contentDisposition('inline', derived.filename),
      size: derived.size,
    };
  }

  /** `signal`: the client has gone (the conversion is dropped unless someone else waits for it too). */
  async asJson(actor: Actor | null, fileId: number, format: 'json' | 'geojson', signal?: AbortSignal): Promise<unknown> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    if (!isNetwork(file)) throw badRequest('Only network files can be converted to JSON or GeoJSON.');
    try {
      const asker = askedBy(user, signal);
      return await this.deps.processing.networkJson(storedBlob(this.deps.blobs, file.blobKey), format, this.deps.maxNetworkJsonLinks, asker);
    } catch (err) {
      if (err instanceof NetworkTooLargeError) {
        throw new HttpError(413, `The network has more than ${err.max} ${err.what}, too many to send as ${format === 'json' ? 'JSON' : 'GeoJSON'}.`);
      }
      if (err instanceof MatsimFormatError) throw badRequest(`The network could not be read: ${err.message}`);
      throw tooLargeAnswer(err);
    }
  }

  private async removeBlob(key: string): Promise<void> {
    try {
      await this.deps.blobs.delete(key);
    } catch (err) {
      this.deps.onBlobLeak(key, err);
    }
  }
}
