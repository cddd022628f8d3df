import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogueItems } from '../catalogue/catalogue.schema.js';

/**
 * The original CWL text of an application (docs/applications.md): one row per application
 * item of the catalogue. Kept out of the item's document (a search never reads it); moving the
 * item to another collection (publish) carries it along, deleting the item deletes it.
 */
export const applicationPackages = pgTable(
  'application_packages',
  {
    collectionId: text('collection_id').notNull(),
    itemId: text('item_id').notNull(),
    cwl: text('cwl').notNull(),
    /** application/cwl+yaml, or application/cwl+json for a JSON text */
    mediaType: text('media_type').notNull(),
    /** bytes of the text as uploaded */
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.itemId] }),
    foreignKey({ columns: [t.collectionId, t.itemId], foreignColumns: [catalogueItems.collectionId, catalogueItems.id], name: 'application_packages_item_fk' })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);
