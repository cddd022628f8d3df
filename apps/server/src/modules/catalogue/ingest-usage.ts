/** The usage of `asb catalogue ingest`: the CLI's help and the command's own usage error say the same. */
export const INGEST_USAGE = `Usage: asb catalogue ingest <PATH-or-URL> [--owner USERNAME] [--public] [--collection ID] [--skip-invalid]

Reads a static STAC catalog, collection or item (a file or an http(s) URL), checks every
document and writes its collections and items into the resource catalogue
(docs/catalogue.md "Ingest").

  --owner USERNAME   who owns the new collections (default: the administrator)
  --public           make them public
  --collection ID    put the items into this collection
  --skip-invalid     write the valid documents and report the others (else all or none)

Exit code: 0 when every document was valid and written, 1 when some were not, 2 for a usage error.`;
