#!/usr/bin/env bash
# The built-in station (station/): Icecast serves the stream, Liquidsoap plays the automation
# queue and the library into it. scripts/up.sh runs `prepare` once, then `icecast` and
# `liquidsoap` under its supervisor (which restarts them when they crash).
#   scripts/station.sh prepare      Icecast config under DATA_DIR/run/station; demo songs in
#                                   LIBRARY_DIR and REQUEST_LIBRARY_DIR when they hold no audio
#   scripts/station.sh icecast      runs Icecast (foreground)
#   scripts/station.sh liquidsoap   waits for Icecast, then runs Liquidsoap (foreground)
#   scripts/station.sh filler       waits for Icecast, then feeds /filler.mp3 (quiet, looped),
#                                   where Icecast keeps the listeners while Liquidsoap restarts
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
load_config

DIR="$RUN_DIR/station"
CONFIG="$DIR/icecast.xml"
FILLER="$DIR/filler.mp3"

prepare() {
  local name
  for name in ICECAST_SOURCE_PASSWORD ICECAST_ADMIN_PASSWORD; do
    [ -n "${!name:-}" ] || die "$name is not set (in $ENV_FILE or the environment)"
  done
  for name in icecast2 liquidsoap ffmpeg envsubst ss; do
    command -v "$name" >/dev/null || die "$name not found: run scripts/system-packages.sh"
  done
  mkdir -p "$DIR"
  export ICECAST_BIND=127.0.0.1 ICECAST_PORT ICECAST_SOURCE_PASSWORD ICECAST_ADMIN_PASSWORD
  export ICECAST_RUN_DIR="$DIR"
  # Icecast refuses to run as root: it drops to nobody once its port is open.
  ICECAST_SECURITY=
  if is_root; then
    ICECAST_SECURITY='<security><chroot>0</chroot><changeowner><user>nobody</user><group>nogroup</group></changeowner></security>'
  fi
  export ICECAST_SECURITY
  (umask 077 && envsubst '${ICECAST_BIND} ${ICECAST_PORT} ${ICECAST_SOURCE_PASSWORD} ${ICECAST_ADMIN_PASSWORD} ${ICECAST_RUN_DIR} ${ICECAST_SECURITY}' \
    <"$ROOT/station/icecast.xml.template" >"$CONFIG.tmp")
  mv "$CONFIG.tmp" "$CONFIG"
  make_filler "$FILLER"
  "$ROOT/scripts/demo-library.sh" "$LIBRARY_DIR"
  # Request-only songs: listed by the requests service, played only when requested (never by
  # Liquidsoap's own rotation, which reads LIBRARY_DIR alone).
  "$ROOT/scripts/demo-library.sh" "$REQUEST_LIBRARY_DIR" request-only
}

icecast_listens() { ss -ltnH "sport = :$ICECAST_PORT" 2>/dev/null | grep -q .; }
# Icecast 2.4.4 can crash when a client connects in its first half second: wait until it listens
# without connecting, then a second more (built-in-station notes).
wait_for_icecast() {
  until icecast_listens; do sleep 0.2; done
  sleep 1
}

case ${1:-} in
  prepare) prepare ;;
  icecast)
    [ -f "$CONFIG" ] || die "$CONFIG is missing: run $0 prepare first"
    # Room for <clients> listeners (the soft limit is often 1024).
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    exec icecast2 -c "$CONFIG"
    ;;
  liquidsoap)
    wait_for_icecast
    export STATION_API_URL="http://127.0.0.1:$REQUESTS_PORT/internal/station"
    # The settings file's key, not the one `make up` started with: scripts/rotate-station-key.sh
    # replaces it there and restarts Liquidsoap alone.
    key=$(env_file_setting STATION_API_KEY)
    export STATION_API_KEY=${key:-${STATION_API_KEY:-}}
    [ -n "$STATION_API_KEY" ] || die "STATION_API_KEY is not set (in $ENV_FILE or the environment)"
    export ICECAST_HOST=127.0.0.1 ICECAST_PORT ICECAST_SOURCE_PASSWORD LIBRARY_DIR STATION_NAME
    export STATION_SPOOL_DIR="$DIR/spool" STATION_PLAYS_LOG="$LOG_DIR/station-plays.log"
    # Where its supervisor looks (stack/processes.json).
    export STATION_HEARTBEAT_FILE=${STATION_HEARTBEAT_FILE:-$RUN_DIR/liquidsoap.heartbeat}
    mkdir -p "$LOG_DIR"
    exec liquidsoap "$ROOT/station/radio.liq"
    ;;
  filler)
    [ -s "$FILLER" ] || die "$FILLER is missing: run $0 prepare first"
    wait_for_icecast
    feed_filler "$FILLER" 127.0.0.1
    ;;
  *) die "usage: $0 prepare|icecast|liquidsoap|filler" ;;
esac
