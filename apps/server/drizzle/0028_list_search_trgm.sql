-- filter[search] of the resource lists is ILIKE '%text%' on a few columns (resource.repository.ts):
-- GIN trigram indexes serve it where the database offers pg_trgm (Debian's PostgreSQL; PGlite with
-- its pg_trgm extension, which platform/db/client.ts loads). Where the extension is missing or may
-- not be created, the indexes are left out and the search still answers the same, by scanning.
DO $$
BEGIN
  -- (PGlite installs a loaded extension's files on CREATE EXTENSION: pg_available_extensions does not list it before)
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not created (%): list searches scan their rows', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS executions_search_trgm_idx ON executions USING gin (identifier gin_trgm_ops, label gin_trgm_ops, owner_id gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS execution_tasks_search_trgm_idx ON execution_tasks USING gin (identifier gin_trgm_ops, label gin_trgm_ops, process_version gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS workflows_search_trgm_idx ON workflows USING gin (identifier gin_trgm_ops, label gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS processes_search_trgm_idx ON processes USING gin (identifier gin_trgm_ops, label gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS schedules_search_trgm_idx ON schedules USING gin (identifier gin_trgm_ops, label gin_trgm_ops);
  END IF;
END $$;
