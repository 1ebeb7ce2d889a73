#!/usr/bin/env bash
# Postgres's first start survives being killed (scripts/postgres-first-start.sh, the postgres
# service's entrypoint): on a fresh volume, KILLS times a container of IMAGE is started with the
# wrapper and killed (SIGKILL, as Swarm does to an unhealthy task after its grace) at a random
# moment of its first start; then one more must become ready over TCP, with the database radio
# there and usable (CREATE TABLE, INSERT, SELECT).
#   DOCKER=docker DOCKER_HOST=unix:///… compose-test/postgres-first-start-check.sh postgres:15.19-alpine3.24
# The moments are uniform over 0..FIRST_START_MS, by default the time an unkilled first start on
# another volume took to be ready (measured first). WITHOUT_WRAPPER=1: the image's own entrypoint
# instead, which this check is expected to fail in some runs (the defect the wrapper fixes).
# Prints one line of figures on stdout; removes its containers and volumes on exit.
set -euo pipefail
IMAGE=${1:?usage: $0 IMAGE}
DOCKER=${DOCKER:-docker}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WRAPPER=$ROOT/scripts/postgres-first-start.sh
KILLS=${KILLS:-6}
READY_TIMEOUT=${READY_TIMEOUT:-90}
[ -f "$WRAPPER" ] || { echo "error: no $WRAPPER" >&2; exit 1; }

run_id=pg-first-start-$$-$RANDOM
label=radio.postgres-first-start-check=$run_id
volume=$run_id
password=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
if [ "${WITHOUT_WRAPPER:-}" = 1 ]; then mode="the image's entrypoint"; else mode="the wrapper"; fi

cleanup() {
  local status=$?
  set +e
  "$DOCKER" ps -aq --filter "label=$label" | xargs -r "$DOCKER" rm -f >/dev/null 2>&1
  "$DOCKER" volume ls -q --filter "label=$label" | xargs -r "$DOCKER" volume rm >/dev/null 2>&1
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now_ms() { date +%s%3N; }
moments=()
kills() { echo "$KILLS kills at ${moments[*]} ms (* after the first start had completed, + a later start, x had exited)"; }
fail() { echo "FAIL postgres first start with $mode on $IMAGE: $*" >&2; exit 1; }

start() { # volume: starts a container on it (as docker-compose.yml's postgres service), prints its id
  local args=(--label "$label" --network none -v "$1:/var/lib/postgresql/data"
    -e POSTGRES_USER=radio -e POSTGRES_PASSWORD="$password" -e POSTGRES_DB=radio)
  local id
  if [ "${WITHOUT_WRAPPER:-}" = 1 ]; then
    id=$("$DOCKER" create "${args[@]}" "$IMAGE" postgres)
  else
    id=$("$DOCKER" create "${args[@]}" --entrypoint sh "$IMAGE" /usr/local/lib/postgres-first-start.sh postgres)
    "$DOCKER" cp "$WRAPPER" "$id:/usr/local/lib/postgres-first-start.sh"
  fi
  "$DOCKER" start "$id" >/dev/null
  echo "$id"
}
ready() { # container: waits until it accepts TCP connections (the healthcheck's question)
  timeout "$READY_TIMEOUT" "$DOCKER" exec "$1" sh -c \
    'until pg_isready -q -h 127.0.0.1 -U radio -d radio; do sleep 0.05; done' >/dev/null 2>&1
}
phase() { # container's log: how far its start had come
  local log
  log=$("$DOCKER" logs "$1" 2>&1)
  case "$log" in
    *'first start complete'* | *'init process complete'*) echo '*' ;; # the first start had completed
    *'Skipping initialization'*) echo '+' ;;                          # a later start
    *) echo '' ;;
  esac
}
new_volume() { "$DOCKER" volume create --label "$label" "$1" >/dev/null; }

# The first start, unkilled: how long it takes to be ready.
if [ -z "${FIRST_START_MS:-}" ]; then
  new_volume "$run_id-calibration"
  c=$(start "$run_id-calibration")
  t0=$(now_ms)
  ready "$c" || { "$DOCKER" logs --tail 20 "$c" >&2; fail "an unkilled first start did not become ready"; }
  FIRST_START_MS=$(($(now_ms) - t0))
  "$DOCKER" rm -f "$c" >/dev/null
  "$DOCKER" volume rm "$run_id-calibration" >/dev/null
fi

new_volume "$volume"
for _ in $(seq "$KILLS"); do
  wait_ms=$(((RANDOM * 32768 + RANDOM) % (FIRST_START_MS + 1)))
  c=$(start "$volume")
  t0=$(now_ms)
  sleep "$((wait_ms / 1000)).$(printf '%03d' $((wait_ms % 1000)))"
  killed_at=$(($(now_ms) - t0))
  if "$DOCKER" kill "$c" >/dev/null 2>&1; then mark=$(phase "$c"); else mark=x; fi # x: had exited
  moments+=("$killed_at$mark")
  "$DOCKER" rm -f "$c" >/dev/null
done

c=$(start "$volume")
t0=$(now_ms)
last_words() { "$DOCKER" logs --tail 8 "$c" 2>&1 | grep -v '^$' | sed 's/^/     /' >&2; }
if ! ready "$c"; then
  last_words
  fail "not ready after $(kills)"
fi
ready_ms=$(($(now_ms) - t0))
answer=$("$DOCKER" exec -e PGPASSWORD="$password" "$c" psql -h 127.0.0.1 -U radio -d radio \
  -v ON_ERROR_STOP=1 -qAt -c 'CREATE TABLE first_start_check (n int)' \
  -c 'INSERT INTO first_start_check VALUES (42)' -c 'SELECT n FROM first_start_check' 2>&1) ||
  { last_words; fail "ready after $(kills), but the database radio is not usable: $answer"; }
[ "$answer" = 42 ] || fail "ready after $(kills), but the database radio answered: $answer"
echo "ok   postgres first start with $mode on $IMAGE (unkilled: ready after $FIRST_START_MS ms):" \
  "$(kills); then ready over TCP after $ready_ms ms, the database radio usable"
