#!/usr/bin/env bash
# Entry point of the station image (station/Dockerfile): library | icecast | liquidsoap | filler
# | healthy.
set -euo pipefail
cd /opt/station
# shellcheck source=scripts/lib.sh
. scripts/lib.sh
data=$STATION_DATA_DIR
heartbeat=$data/liquidsoap.heartbeat

case ${1:-} in
  library)
    scripts/demo-library.sh "$LIBRARY_DIR"
    scripts/demo-library.sh "$REQUEST_LIBRARY_DIR" request-only
    ;;
  icecast)
    : "${ICECAST_SOURCE_PASSWORD:?}" "${ICECAST_ADMIN_PASSWORD:?}"
    export ICECAST_BIND=0.0.0.0 ICECAST_PORT ICECAST_RUN_DIR=$data/icecast ICECAST_SECURITY=
    mkdir -p "$ICECAST_RUN_DIR"
    (umask 077 && envsubst '${ICECAST_BIND} ${ICECAST_PORT} ${ICECAST_SOURCE_PASSWORD} ${ICECAST_ADMIN_PASSWORD} ${ICECAST_RUN_DIR} ${ICECAST_SECURITY}' \
      <icecast.xml.template >"$ICECAST_RUN_DIR/icecast.xml")
    exec icecast2 -c "$ICECAST_RUN_DIR/icecast.xml"
    ;;
  liquidsoap)
    : "${STATION_API_URL:?}" "${STATION_API_KEY:?}" "${ICECAST_HOST:?}"
    export STATION_SPOOL_DIR=$data/spool STATION_PLAYS_LOG=$data/station-plays.log
    export STATION_HEARTBEAT_FILE=$heartbeat
    mkdir -p "$STATION_SPOOL_DIR"
    exec liquidsoap radio.liq
    ;;
  filler)
    : "${ICECAST_SOURCE_PASSWORD:?}" "${ICECAST_HOST:?}" "${STATION_NAME:=Radio Lokaal}"
    make_filler "$data/filler.mp3"
    feed_filler "$data/filler.mp3" "$ICECAST_HOST"
    ;;
  # Healthchecks: Icecast answers its status; Liquidsoap's heartbeat (touched every 5 s while
  # audio flows) is fresh; Icecast has the filler's mount.
  healthy)
    case ${2:-} in
      icecast) exec curl -fsS -o /dev/null "http://127.0.0.1:$ICECAST_PORT/status-json.xsl" ;;
      # The filler's mount is hidden from the public status: Icecast's admin list of mounts.
      filler)
        mounts=$(curl -fsS -u "admin:$ICECAST_ADMIN_PASSWORD" "http://$ICECAST_HOST:$ICECAST_PORT/admin/listmounts")
        [[ $mounts == *'mount="/filler.mp3"'* ]]
        ;;
      liquidsoap) [ -f "$heartbeat" ] && [ $(($(date +%s) - $(stat -c %Y "$heartbeat"))) -lt 20 ] ;;
      *) exit 2 ;;
    esac
    ;;
  *) exec "$@" ;;
esac
