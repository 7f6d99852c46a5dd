import { holdYoungGeneration } from './lib/young-generation';

/**
 * The server's entry (`npm start`, the Dockerfile): the young generation is held at its starting size
 * before any of the server's modules is evaluated (decision 186), then the server itself loads
 * (server/main.ts, the only file that listens). A static import would be evaluated first.
 */
holdYoungGeneration();
await import('./main');
