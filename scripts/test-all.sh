#!/usr/bin/env bash
# The whole test suite, from a fresh clone: system packages, npm install, lint,
# typecheck, build, unit and integration tests, API tests on PGlite AND on a real PostgreSQL
# server, and end-to-end tests in Debian's Chromium. `npm test` and .ci/run call it.
set -euo pipefail
cd "$(dirname "$0")/.."

section() { printf '\n==== %s ====\n' "$*"; }

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
trap 'scripts/postgres.sh stop' EXIT
TEST_DATABASE_URL="$(scripts/postgres.sh start)"
TEST_DATABASE_URL="$TEST_DATABASE_URL" npm run test:api

section "soak test, short (bench/soak: 2 portals and 3 workers from deploy/Procfile, a worker and a replica killed)"
BENCH_DATABASE_URL="$TEST_DATABASE_URL" npm run bench:soak -- --short

section "end-to-end tests (Chromium)"
CI=1 npm run test:e2e

section "all tests passed"
