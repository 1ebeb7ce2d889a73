#!/usr/bin/env bash
# Gives the built-in station a new key (STATION_API_KEY) while everything runs, without
# restarting the services:
#   scripts/rotate-station-key.sh             the native stack (`make up`)
#   scripts/rotate-station-key.sh --compose   the Docker Compose stack (COMPOSE overrides the
#                                             command, default: docker compose)
# 1. a fresh key is stored in the database, where the services read it at every call of the
#    station: from then on they refuse the old key;
# 2. it replaces STATION_API_KEY in ENV_FILE (default .env);
# 3. Liquidsoap alone restarts with it (natively its supervisor restarts it, under compose its
#    container is recreated); Icecast keeps the listeners on the filler meanwhile. Calls it made
#    with the old key in between are refused and harmless: its track reports wait in its spool.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

mode=native
case ${1:-} in
  --compose) mode=compose ;;
  '') ;;
  *) die "usage: $0 [--compose]" ;;
esac
resolve_env_file
grep -qE '^STATION_API_KEY=' "$ENV_FILE" 2>/dev/null ||
  die "$ENV_FILE has no STATION_API_KEY: start the stack once after the upgrade (scripts/ensure-env.sh adds it)"
key=$(random 32)

if [ $mode = compose ]; then
  read -r -a COMPOSE <<<"${COMPOSE:-docker compose}"
  printf '%s' "$key" | "${COMPOSE[@]}" exec -T requests node services/requests/src/rotate-station-key.ts
  set_env_file_setting STATION_API_KEY "$key"
  # --no-deps: the services keep running (a copy started later with the old STATION_API_KEY of
  # its environment keeps the stored key: settings-repository.ts, adoptStationKey).
  "${COMPOSE[@]}" up -d --no-deps liquidsoap
else
  load_config
  printf '%s' "$key" | node services/requests/src/rotate-station-key.ts
  set_env_file_setting STATION_API_KEY "$key"
  pid=$(head -n 1 "$RUN_DIR/pids/liquidsoap.pid" 2>/dev/null) || pid=
  if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
  else
    warn "Liquidsoap is not running here: it takes the new key when it starts"
  fi
fi
ok "the built-in station has a new key; the old one is refused"
