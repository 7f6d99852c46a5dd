// `npm start`: build when the sources changed since the last build, then run the server.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { build, buildIsStale, ROOT } from './build-lib.mjs';

process.env.NODE_ENV ??= 'production';
if (buildIsStale()) await build();
await import(pathToFileURL(path.join(ROOT, 'dist/server/index.js')).href);
