#!/usr/bin/env bash
# Fails when the drizzle schema (the *.schema.ts files that apps/server/drizzle.config.ts names)
# differs from the committed migrations in apps/server/drizzle: a schema change without its
# migration (`npm run db:generate -w @asb/server`), or a migration edited away from its schema.
#
# How: drizzle-kit generate runs with the project's own config (imported, not copied: its
# `schema` may move) but writes into a temporary copy of the migrations folder. A new migration
# there is drift: it is printed and the script exits 1. Nothing in the repository changes.
# A change drizzle-kit would ask about (a renamed column) fails too: it gets no terminal.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"

work="$(mktemp -d "${TMPDIR:-/tmp}/asb-drift-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# the migrations folder as drizzle.config.ts names it (relative to apps/server)
out="$(node -e '
  const text = require("fs").readFileSync("drizzle.config.ts", "utf8");
  const match = /\bout:\s*["\x27]([^"\x27]+)["\x27]/.exec(text);
  process.stdout.write(match ? match[1] : "./drizzle");
')"
cp -R "$out" "$work/migrations"

# The project config with only `out` replaced. drizzle-kit resolves `schema` and `out` from
# this folder (an absolute `out` is read as relative), so `out` is given relative to it.
relative_out="$(node -e 'process.stdout.write(require("path").relative(process.cwd(), process.argv[1]))' "$work/migrations")"
cat >"$work/drizzle.drift.config.ts" <<CONFIG
import config from '$PWD/drizzle.config.ts';

export default { ...config, out: '$relative_out' };
CONFIG

before="$(find "$work/migrations" -type f | sort)"
if ! npx drizzle-kit generate --config "$work/drizzle.drift.config.ts" --name drift-check </dev/null >"$work/log" 2>&1; then
  cat "$work/log"
  echo "migration drift check: drizzle-kit generate failed" >&2
  exit 1
fi
after="$(find "$work/migrations" -type f | sort)"

if [ "$before" != "$after" ]; then
  echo "The schema (*.schema.ts) differs from the committed migrations in apps/server/${out#./}." >&2
  echo "Run 'npm run db:generate -w @asb/server' and commit the migration. drizzle-kit would add:" >&2
  for file in "$work/migrations"/*drift-check*.sql; do
    if [ -f "$file" ]; then echo "--- $(basename "$file")"; cat "$file"; echo; fi
  done
  exit 1
fi
if grep -q "Interactive prompts require a TTY" "$work/log"; then
  echo "The schema (*.schema.ts) differs from the committed migrations in apps/server/${out#./}:" >&2
  echo "drizzle-kit asks whether a table or column was renamed. Run 'npm run db:generate -w @asb/server'." >&2
  exit 1
fi
# drizzle-kit exits 0 after some failures (a folder it cannot read): no new file must come with its word for it
if ! grep -q "No schema changes" "$work/log"; then
  cat "$work/log"
  echo "migration drift check: drizzle-kit generate did not compare the schema (see above)" >&2
  exit 1
fi
echo "migration drift check: the schema matches the committed migrations ($(find "$work/migrations" -maxdepth 1 -name '*.sql' | wc -l) migrations)"
