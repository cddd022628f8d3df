import { stacItemInputSchema } from '@asb/contracts';
import { z } from 'zod';
import type { catalogueItems as items } from './catalogue.schema.js';
import {
  boxLiteral,
  CatalogueInputError,
  checkBbox,
  checkGeometry,
  footprintPolygons,
  geometryBbox,
  parseInstant,
  polygonArrayLiteral,
  splitBbox,
  type Bbox,
} from './catalogue-geometry.js';

/** The columns of an item as written (catalogue.repository.ts writeRows). */
export type ItemRow = typeof items.$inferInsert;

/** The columns of an item, checked: its time, its boxes and footprint, its parts. Throws naming the field (under `pointer`). */
export function itemRow(collectionId: string, raw: unknown, pointer = ''): ItemRow {
  const parsed = stacItemInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CatalogueInputError(`${pointer}/${issue.path.join('/')}`, `${pointer}/${issue.path.join('/')}: ${z.prettifyError(new z.ZodError([issue]))}`);
  }
  const item = parsed.data;
  if (item.collection !== undefined && item.collection !== collectionId) {
    throw new CatalogueInputError(`${pointer}/collection`, `${pointer}/collection: the item names collection "${item.collection}", not "${collectionId}".`);
  }
  const { type: _type, id, collection: _collection, geometry, bbox, properties, assets, links, ...rest } = item;
  const time = (name: 'datetime' | 'start_datetime' | 'end_datetime'): Date | undefined => {
    const value = properties[name];
    if (value === undefined || value === null) return undefined;
    const instant = typeof value === 'string' ? parseInstant(value) : undefined;
    if (!instant)
      throw new CatalogueInputError(`${pointer}/properties/${name}`, `${pointer}/properties/${name}: "${String(value)}" is not an RFC 3339 date-time.`);
    return instant;
  };
  const datetime = time('datetime');
  const start = time('start_datetime');
  const end = time('end_datetime');
  if (!datetime && (!start || !end)) {
    throw new CatalogueInputError(
      `${pointer}/properties/datetime`,
      `${pointer}/properties/datetime: an item needs a datetime, or start_datetime and end_datetime.`,
    );
  }
  if (start && end && start > end) {
    throw new CatalogueInputError(`${pointer}/properties/start_datetime`, `${pointer}/properties/start_datetime is after end_datetime.`);
  }
  const checkedGeometry = geometry === null ? null : checkGeometry(geometry, `${pointer}/geometry`);
  let box: Bbox | undefined;
  if (bbox !== undefined) box = checkBbox(bbox, `${pointer}/bbox`);
  else if (checkedGeometry) box = geometryBbox(checkedGeometry);
  const boxes = box ? splitBbox(box) : [];
  const footprint = footprintPolygons(checkedGeometry);
  return {
    collectionId,
    id,
    datetime: datetime ?? start!,
    startAt: start ?? datetime!,
    endAt: end ?? datetime!,
    bbox: boxes[0] ? boxLiteral(boxes[0]) : null,
    bboxWrap: boxes[1] ? boxLiteral(boxes[1]) : null,
    footprint: footprint ? polygonArrayLiteral(footprint) : null,
    bboxValues: bbox ?? (box ? [...box] : null),
    geometry: checkedGeometry,
    properties: { ...properties, datetime: properties.datetime ?? null },
    assets,
    links,
    document: rest,
    updatedAt: new Date(),
  };
}
