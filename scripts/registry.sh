#!/usr/bin/env bash
# Starts (or stops) a throw-away container registry on loopback for the tests: Debian's
# docker-registry (Docker Distribution) with htpasswd basic auth and storage in a temp dir.
#   scripts/registry.sh start   -> prints the registry URL
#   scripts/registry.sh stop
# Credentials: ASB_TEST_REGISTRY_USERNAME / ASB_TEST_REGISTRY_PASSWORD (defaults below).
set -euo pipefail
PORT="${ASB_TEST_REGISTRY_PORT:-5001}"
DIR="${ASB_TEST_REGISTRY_DIR:-/tmp/asb-test-registry}"
USERNAME="${ASB_TEST_REGISTRY_USERNAME:-asb}"
PASSWORD="${ASB_TEST_REGISTRY_PASSWORD:-asb-registry-password}"
URL="http://127.0.0.1:$PORT"

is_listening() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

case "${1:-start}" in
  start)
    if [ -f "$DIR/registry.pid" ] && kill -0 "$(cat "$DIR/registry.pid")" 2>/dev/null && is_listening; then
      echo "$URL"; exit 0
    fi
    command -v docker-registry >/dev/null || { echo "docker-registry is not installed: apt-get install docker-registry apache2-utils" >&2; exit 1; }
    command -v htpasswd >/dev/null || { echo "htpasswd is not installed: apt-get install apache2-utils" >&2; exit 1; }
    rm -rf "$DIR"; mkdir -p "$DIR/storage"
    # The registry accepts bcrypt entries only (-B).
    htpasswd -Bbn "$USERNAME" "$PASSWORD" > "$DIR/htpasswd"
    cat > "$DIR/config.yml" <<YAML
version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: $DIR/storage
  delete:
    enabled: true
http:
  addr: 127.0.0.1:$PORT
auth:
  htpasswd:
    realm: asb-test-registry
    path: $DIR/htpasswd
YAML
    nohup docker-registry serve "$DIR/config.yml" > "$DIR/registry.log" 2>&1 &
    echo $! > "$DIR/registry.pid"
    for _ in $(seq 1 100); do
      if is_listening; then echo "$URL"; exit 0; fi
      sleep 0.1
    done
    echo "the registry did not start:" >&2; cat "$DIR/registry.log" >&2; exit 1
    ;;
  stop)
    if [ -f "$DIR/registry.pid" ]; then
      kill "$(cat "$DIR/registry.pid")" 2>/dev/null || true
    fi
    rm -rf "$DIR"
    ;;
esac
