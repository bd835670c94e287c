import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface ReleaseServer {
  /** A MATSIM_RELEASE_URL template pointing at this server. */
  urlTemplate: string;
  /** The bytes served as every release zip. */
  body: Buffer;
  close(): Promise<void>;
}

/** A local stand-in for MATSim's release downloads: `/{version}/matsim.zip` and its `.sha256`. */
export async function startReleaseServer(size = 3 * 1024 * 1024): Promise<ReleaseServer> {
  const body = randomBytes(size);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const server: Server = createServer((req, res) => {
    if (req.url?.endsWith('/matsim.zip')) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length });
      res.end(body);
    } else if (req.url?.endsWith('/matsim.zip.sha256')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${sha256}  matsim.zip\n`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{version}/matsim.zip`,
    body,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
