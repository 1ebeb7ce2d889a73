#!/usr/bin/env bash
# Makes sure the Debian/Ubuntu packages the native stack and its tests need are installed:
# installs the missing ones with apt when run as root, otherwise names them and stops.
# Quick (one dpkg-query) when everything is there.
#   scripts/system-packages.sh [EXTRA_PACKAGE...]   e.g. wrk for `make bench`
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

# One list for `make up`, `make dev` and `make test`: the stack, the built-in station (Icecast,
# Liquidsoap, ffmpeg for the demo library, ss from iproute2) and the browser for the tests.
PACKAGES=(postgresql redis-server nginx gettext-base icecast2 liquidsoap ffmpeg iproute2
  chromium chromium-driver fonts-liberation ca-certificates "$@")

command -v dpkg-query >/dev/null || {
  for cmd in redis-server nginx envsubst icecast2 liquidsoap ffmpeg ss chromium "$@"; do
    command -v "$cmd" >/dev/null || die "not a Debian/Ubuntu system and $cmd is missing: install ${PACKAGES[*]}"
  done
  exit 0
}

# One dpkg-query for all of them (it skips, with an error, the packages it has never heard of).
installed=$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${PACKAGES[@]}" 2>/dev/null || true)
missing=()
for name in "${PACKAGES[@]}"; do
  grep -qxF "$name installed" <<<"$installed" || missing+=("$name")
done
# scripts/bootstrap-node.sh fetches Node 24 with npm when the system Node is older or missing.
[ -x "$ROOT/.tools/bin/node" ] || command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} = 0 ] && exit 0

if ! is_root; then
  die "missing system packages: ${missing[*]}
  install them with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}
  (or run this as root, which installs them itself)"
fi

say "installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Icecast's package would otherwise ask for passwords: the stack renders its own config.
echo "icecast2 icecast2/icecast-setup boolean false" | debconf-set-selections
apt-get update -qq
# The packages' own services (system Postgres, Redis, nginx, Icecast) are not used: the stack runs
# private instances on its own ports, so whether apt starts them does not matter.
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
ok "system packages installed"
