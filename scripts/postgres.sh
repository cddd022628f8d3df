#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL server on loopback for the tests.
#   scripts/postgres.sh start   -> prints the DATABASE_URL to use
#   scripts/postgres.sh stop
set -euo pipefail
PGPORT="${ASB_TEST_PGPORT:-54329}"
PGDIR="${ASB_TEST_PGDIR:-/tmp/asb-test-postgres}"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
RUN_AS=()
if [ "$(id -u)" = "0" ]; then RUN_AS=(runuser -u postgres --); fi

case "${1:-start}" in
  start)
    if [ -f "$PGDIR/postmaster.pid" ] && "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1; then
      echo "postgresql://asb:asb@127.0.0.1:$PGPORT/postgres"; exit 0
    fi
    rm -rf "$PGDIR"; mkdir -p "$PGDIR"
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$PGDIR"
    "${RUN_AS[@]}" "$BIN/initdb" -D "$PGDIR" -U asb --auth=trust -E UTF8 >/dev/null
    "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$PGDIR" -l "$PGDIR/server.log" -w \
      -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    echo "postgresql://asb:asb@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    if [ -d "$PGDIR" ]; then
      "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$PGDIR" -m fast stop >/dev/null 2>&1 || true
      rm -rf "$PGDIR"
    fi
    ;;
esac
