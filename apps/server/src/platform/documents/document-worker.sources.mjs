// The document worker run from the TypeScript sources (tests, `npm run dev`): a worker thread
// does not inherit tsx's loader, so this file loads the worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./document-worker.ts', import.meta.url);
export const parseYaml = worker.parseYaml;
