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

section "lint"
npm run lint
section "module graph (dependency-cruiser: .dependency-cruiser.mjs, docs/architecture.md)"
npm run depcruise
section "formatting (prettier)"
npm run format:check
section "typecheck"
npm run typecheck
section "migration drift (schema against apps/server/drizzle)"
scripts/check-migration-drift.sh
section "unused code (knip)"
npm run knip
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

section "API tests on PostgreSQL"
STOP_POSTGRES=1
TEST_DATABASE_URL="$(scripts/postgres.sh start)"
TEST_DATABASE_URL="$TEST_DATABASE_URL" npm run test:api

section "soak test, short (bench/soak: 2 portals and 3 workers from deploy/Procfile, a worker and a replica killed)"
BENCH_DATABASE_URL="$TEST_DATABASE_URL" npm run bench:soak -- --short

section "end-to-end tests (Chromium)"
CI=1 npm run test:e2e

end_section
