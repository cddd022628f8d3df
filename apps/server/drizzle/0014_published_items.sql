-- Models and datasets are listed on the marketplace when their owner publishes them (the item
-- property asb:published, docs/marketplace.md). Before this, every model or dataset item of a
-- public collection was listed: those stay listed. The items' trigger marks them for the
-- marketplace to read again.
UPDATE catalogue_items AS i
SET properties = i.properties || '{"asb:published": true}'::jsonb
FROM catalogue_collections AS c
WHERE c.id = i.collection_id
  AND c.is_public
  AND i.properties ->> 'type' IN ('model', 'dataset')
  AND (i.properties -> 'asb:published') IS NULL;
