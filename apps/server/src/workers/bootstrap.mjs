// The entry of every worker thread: the server's sources are TypeScript run through tsx, in `npm start` and in
// vitest alike, and a worker starts without the parent's loaders, so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
