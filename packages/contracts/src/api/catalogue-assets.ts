import { z } from 'zod';
import { CATALOGUE_ASSET_PATH } from '../catalogue-assets.js';
import { defineOperations } from './operation.js';

/** The files of local catalogue items (docs/catalogue.md "Assets"). */
export const catalogueAssetOperations = defineOperations({
  [`GET ${CATALOGUE_ASSET_PATH}` as const]: {
    summary: 'A file of a catalogue item (its asset), with HTTP byte ranges; signed out for public collections',
    params: z.object({
      collection: z.string().min(1).describe('the collection id'),
      item: z.string().min(1).describe('the item id'),
      '*': z.string().describe("the file's path inside the item's folder"),
    }),
    query: z.object({ token: z.string().optional().describe('a bearer token, for clients that cannot send the header (a map, <img>)') }),
    response: { file: 'application/octet-stream' },
  },
});
