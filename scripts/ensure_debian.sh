#!/usr/bin/env bash
# A program a make target needs, from Debian's packages when it is missing:
#   ensure_debian.sh PROGRAM PACKAGE...
# e.g. ensure_debian.sh /usr/bin/chromium chromium fonts-dejavu-core (Playwright's own
# browser download is never used).
set -euo pipefail
program=$1
shift
if [ -x "$program" ]; then exit 0; fi
echo "$program is missing: installing Debian's $*"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
"$program" --version
