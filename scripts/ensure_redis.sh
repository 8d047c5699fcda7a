#!/usr/bin/env bash
# Debian's redis-server, for the room server's multi-process tests (installed when missing).
set -euo pipefail
if [ -x /usr/bin/redis-server ]; then
  exit 0
fi
echo "redis-server is missing: installing Debian's redis-server"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
/usr/bin/redis-server --version
