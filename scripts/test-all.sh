#!/usr/bin/env bash
# The whole test suite, from a fresh clone: system packages, npm install, lint,
# typecheck, build, unit and integration tests, API tests on PGlite AND on a real PostgreSQL
# server, and end-to-end tests in Debian's Chromium. `npm test` and .ci/run call it.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each section's elapsed time is printed when it ends, and all of them in a table at the end (also
# when a section fails), so that a full run records its stage times (docs/testing.md).
STAGE_NAMES=()
STAGE_SECONDS=()
CURRENT_STAGE=""
STAGE_STARTED=0
end_section() {
  [ -n "$CURRENT_STAGE" ] || return 0
  local took=$((SECONDS - STAGE_STARTED))
  STAGE_NAMES+=("$CURRENT_STAGE")
  STAGE_SECONDS+=("$took")
  printf -- '---- %s: %d s\n' "$CURRENT_STAGE" "$took"
  CURRENT_STAGE=""
}
section() {
  end_section
  CURRENT_STAGE="$*"
  STAGE_STARTED=$SECONDS
  printf '\n==== %s ====\n' "$*"
}
STOP_POSTGRES=0
on_exit() {
  local status=$?
  [ "$status" -eq 0 ] || CURRENT_STAGE="${CURRENT_STAGE:+$CURRENT_STAGE (FAILED)}"
  end_section
  printf '\n==== stage times ====\n'
  local i
  for i in "${!STAGE_NAMES[@]}"; do
    printf '%5d s  %3d:%02d  %s\n' "${STAGE_SECONDS[$i]}" $((STAGE_SECONDS[i] / 60)) $((STAGE_SECONDS[i] % 60)) "${STAGE_NAMES[$i]}"
  done
  printf '%5d s  %3d:%02d  total\n' "$SECONDS" $((SECONDS / 60)) $((SECONDS % 60))
  if [ "$STOP_POSTGRES" = 1 ]; then scripts/postgres.sh stop || true; fi
  if [ "$status" -eq 0 ]; then printf '\n==== all tests passed ====\n'; fi
  exit "$status"
}
trap on_exit EXIT

section "system packages"
scripts/system-packages.sh --test

if [ "${ASB_TEST_SKIP_INSTALL:-}" != "1" ]; then
  section "npm ci"
  npm ci --no-audit --no-fund
fi

# Commands side by side, each with its output kept apart and printed whole when all have ended
# (with its own time); fails when one of them failed. Each argument is "name::command".
side_by_side() {
  local dir
  dir="$(mktemp -d "${TMPDIR:-/tmp}/asb-checks-XXXXXX")"
  local pids=() names=() i=0 failed=0
  for job in "$@"; do
    names+=("${job%%::*}")
    (
      started=$SECONDS
      status=0
      bash -c "${job#*::}" >"$dir/$i.log" 2>&1 || status=$?
      echo "$status $((SECONDS - started))" >"$dir/$i.end"
      exit "$status"
    ) &
    pids+=($!)
    i=$((i + 1))
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=1
    read -r status took <"$dir/$i.end"
    printf -- '\n---- %s (%s s, exit %s)\n' "${names[$i]}" "$took" "$status"
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  return "$failed"
}

# The static checks are single-threaded: on two cores three groups of them take the time of the longest.
section "static checks side by side: lint; typecheck and migration drift; formatting, module graph (docs/architecture.md) and unused code"
side_by_side \
  "lint::npm run lint" \
  "typecheck, migration drift (schema against apps/server/drizzle)::npm run typecheck && scripts/check-migration-drift.sh" \
  "formatting (prettier), module graph (dependency-cruiser), unused code (knip)::npm run format:check && npm run depcruise && npm run knip"
section "build"
npm run build

section "unit tests"
npm run test:unit
section "integration tests (python, the sandbox, pdftotext, servers)"
npm run test:integration
# The registry test starts its own registry; with this set it fails instead of skipping when none is installed.
export ASB_REQUIRE_REGISTRY=1
section "API tests on PGlite"
npm run test:api

# The PostgreSQL pass runs only the files whose behaviour can differ there (apps/server/test/database-passes.ts;
# docs/testing.md "Two databases"). The short soak submits for a fixed 1.5 minutes, leaving the cores
# half idle, so it runs beside it, each on its own database of one PostgreSQL server.
STOP_POSTGRES=1
TEST_DATABASE_URL="$(scripts/postgres.sh start)"
section "side by side: API tests on PostgreSQL (the files of apps/server/test/database-passes.ts); soak test, short (bench/soak: 2 portals and 3 workers from deploy/Procfile, a worker and a replica killed)"
side_by_side \
  "API tests on PostgreSQL::TEST_DATABASE_URL='$TEST_DATABASE_URL' npm run test:api:postgres" \
  "soak test, short::BENCH_DATABASE_URL='$TEST_DATABASE_URL' npm run bench:soak -- --short"

section "end-to-end tests (Chromium)"
CI=1 npm run test:e2e

end_section
