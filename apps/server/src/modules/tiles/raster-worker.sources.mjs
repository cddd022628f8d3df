// The raster worker run from the TypeScript sources (tests, `npm run dev`, the benchmark): a worker
// thread does not inherit tsx's loader, so this file loads the worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./raster-worker.ts', import.meta.url);
export const decodeBlock = worker.decodeBlock;
export const statistics = worker.statistics;
export const encodeImage = worker.encodeImage;
