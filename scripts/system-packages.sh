#!/usr/bin/env bash
# Installs the Debian packages the portal needs (and, with --test, those the test suite
# needs) when they are missing: the README's first command and scripts/test-all.sh call it.
# Uses sudo unless run as root.
set -euo pipefail

missing=()
# the process runtime (wrapper inspection, archive extraction, the runner) and the demo's
# example processes (docs/seed-data.md#demo) run on Debian's python3 with numpy and rasterio, which also
# draw the demo's catalogue scenes as COGs at the first start (rasterio brings GDAL: docs/seed-data.md#demo-scenes)
# every task runs in a bubblewrap sandbox (docs/security.md); setpriv, prlimit and taskset come with util-linux
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
# a task that declares the network gets a namespace of its own behind slirp4netns, its rules set with nft (docs/security.md#network)
command -v slirp4netns >/dev/null 2>&1 || missing+=(slirp4netns)
[ -x /usr/sbin/nft ] || missing+=(nftables)
[ -x /usr/bin/python3 ] || missing+=(python3)
dpkg -s python3-numpy >/dev/null 2>&1 || missing+=(python3-numpy)
dpkg -s python3-rasterio >/dev/null 2>&1 || missing+=(python3-rasterio)
# the demo model is trained with numpy at the first start and exported to ONNX (docs/models.md)
dpkg -s python3-onnx >/dev/null 2>&1 || missing+=(python3-onnx)
# CWL applications: uploads validated (cwltool --validate in the sandbox) and run on the Default target with cwltool (docs/applications.md)
[ -x /usr/bin/cwltool ] || missing+=(cwltool)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  # repository browser tests: a real container registry (scripts/registry.sh) with bcrypt htpasswd
  command -v docker-registry >/dev/null 2>&1 || missing+=(docker-registry)
  command -v htpasswd >/dev/null 2>&1 || missing+=(apache2-utils)
  # the queue executor and Redis event bus tests start a real Redis on loopback
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  # the tile service tests and bench/tiles make GeoTIFFs (and time gdalwarp) with GDAL;
  # the execution PDF is read back with pdftotext and pdftoppm
  command -v gdal_translate >/dev/null 2>&1 || missing+=(gdal-bin)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
  # the OGC API – Processes server is tested with OWSLib as a real client (ogcapi-owslib.integration.test.ts)
  dpkg -s python3-owslib >/dev/null 2>&1 || missing+=(python3-owslib)
fi
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
