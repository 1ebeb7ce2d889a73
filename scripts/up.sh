#!/usr/bin/env bash
# Runs the whole platform natively (what `make up` and `make dev` call once system packages,
# Node and dependencies are in place):
#   .env (first run) → private Postgres + Redis under DATA_DIR → migrations → frontend build (when
#   its sources changed) → gateway config → built-in station config (+ demo library) → every
#   process of stack/processes.json (the services, the worker, nginx, the log rotation and, unless
#   STATION=azuracast, Icecast and Liquidsoap) under one supervisor (concurrently: log prefix per
#   process; scripts/supervise.sh around each process: restart with back-off, liveness checks),
#   which also watches Postgres and Redis.
# Ctrl-C or SIGTERM stops it all, Postgres and Redis last. Nothing is asked: everything comes from
# the environment, then ENV_FILE (default .env), then defaults, so tests and parallel checkouts
# run it on other ports with another DATA_DIR.
#
#   scripts/up.sh          production build of the frontend, served by the gateway
#   scripts/up.sh --dev    services under `node --watch`, plus the Vite dev server (hot reload)
#
# RADIO_TETHER_PID=<pid>: stop everything when that process is gone (the e2e harness sets it).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

MODE=up
case ${1:-} in
  --dev) MODE=dev ;;
  '') ;;
  *) die "usage: $0 [--dev]" ;;
esac
started=$SECONDS

"$ROOT/scripts/ensure-env.sh"
load_config
require_secrets
if [ $MODE = dev ]; then
  export NODE_ENV=development
  export PUBLIC_ORIGIN="$PUBLIC_ORIGIN,http://localhost:$VITE_PORT,http://127.0.0.1:$VITE_PORT"
  export VITE_PROXY_TARGET="http://127.0.0.1:$HTTP_PORT"
else
  export NODE_ENV=production
fi
[ ! -t 1 ] || [ -n "${NO_COLOR:-}" ] || export FORCE_COLOR=1

mkdir -p "$DATA_DIR" "$RUN_DIR" "$LOG_DIR"
# One stack per DATA_DIR. Children must not inherit the lock (fd 9), or a leftover process
# would keep it.
exec 9>"$RUN_DIR/up.lock"
flock -n 9 || die "another 'make up' or 'make dev' is already running with DATA_DIR=$DATA_DIR"

SUPERVISOR_PIDFILE="$RUN_DIR/supervisor.pid"

# What runs, from the one list of processes (stack/processes.json, read by stack/processes.ts).
mode_args=()
[ $MODE = up ] || mode_args=(--dev)
ports=() copies=() http_services=() daemon_starts=() daemon_stops=()
plan=$(processes plan "${mode_args[@]}") || exit 1
while IFS=$'\t' read -r kind name a b c; do
  case $kind in
    port) ports+=("$name") ;;
    copies) copies+=("$name $a $b $c") ;;
    http) http_services+=("$name $a $b") ;;
    # Stopped in the opposite order.
    daemon) daemon_starts+=("$a") daemon_stops=("$b" ${daemon_stops[@]+"${daemon_stops[@]}"}) ;;
  esac
done <<<"$plan"

# Stops the supervised processes, then Redis and Postgres. Safe to call more than once.
stop_stack() {
  local pid
  pid=$(head -n 1 "$SUPERVISOR_PIDFILE" 2>/dev/null) || pid=
  # A pidfile that outlived a crash or reboot may name someone else's process now: leave it be.
  # (A dead supervisor's id stays reserved while its process group lives, so the group is ours.)
  if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null &&
    ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q concurrently; then
    pid=
  fi
  if [[ $pid =~ ^[0-9]+$ ]]; then
    if kill -0 "$pid" 2>/dev/null; then
      # SIGINT, not SIGTERM: concurrently then treats the exits as intended and restarts nothing.
      kill -INT "$pid" 2>/dev/null || true
      wait_until 20 eval "! kill -0 $pid 2>/dev/null" || warn "the services did not stop in 20 s"
    fi
    # The supervisor leads its own process group: whatever is left in it (all of it, when the
    # supervisor itself was killed) goes too.
    stop_pid "-$pid" TERM 10
  fi
  rm -f "$SUPERVISOR_PIDFILE"
  local daemon_stop
  # Our own shell commands (stack/processes.ts quotes them).
  for daemon_stop in "${daemon_stops[@]}"; do eval "$daemon_stop" || true; done
}

stop_stack # anything left over from a run that was killed outright

for name in "${ports[@]}"; do require_free_port "$name"; done

# Copies 2..N of each HTTP service (*_REPLICAS) on free loopback ports, none of the stack's own.
# *_PORTS lists the ports of every copy, the first being *_PORT: the address the built-in station,
# the worker and the start-up checks use.
# *_METRICS_PORTS likewise for their metrics, the first being *_METRICS_PORT.
taken=" $POSTGRES_PORT $REDIS_PORT "
for name in "${ports[@]}"; do taken+="${!name} "; done
# copy_ports NAME FIRST COUNT: exports NAME as FIRST and COUNT-1 more free ports not yet taken.
copy_ports() {
  local list=$2 extra
  while [ "$(wc -w <<<"$list")" -lt "$3" ]; do
    for extra in $(free_ports $(($3 - $(wc -w <<<"$list")))); do
      [[ $taken == *" $extra "* ]] || { list+=" $extra" && taken+="$extra "; }
    done
  done
  export "$1=$list"
}
for copy in "${copies[@]}"; do
  read -r service port metrics count <<<"$copy"
  copy_ports "${port}S" "${!port}" "$count"
  copy_ports "${metrics}S" "${!metrics}" "$count"
  ports_var=${port}S metrics_var=${metrics}S
  [ "$count" = 1 ] || say "$service: $count copies, on ports ${!ports_var} (metrics: ${!metrics_var})"
done

reaper_pid='' ready_pid=''
cleanup() {
  local rc=$?
  # Keep going whatever happens, even when the terminal or a pipe reading our output is gone.
  set +e
  trap '' INT TERM HUP PIPE
  [ -z "$reaper_pid" ] || kill -KILL "$reaper_pid" 2>/dev/null || true
  [ -z "$ready_pid" ] || kill "$ready_pid" 2>/dev/null || true
  say "stopping…"
  stop_stack
  ok "stopped"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 0' INT
trap 'exit 0' TERM HUP

# Watchdog: when this script is killed outright (SIGKILL), or the tether process goes, it stops
# everything this script started, so nothing is left running.
up_pid=$$
tether=${RADIO_TETHER_PID:-}
(
  trap '' INT TERM HUP
  while kill -0 "$up_pid" 2>/dev/null && { [ -z "$tether" ] || kill -0 "$tether" 2>/dev/null; }; do
    sleep 1
  done
  if kill -0 "$up_pid" 2>/dev/null; then kill -TERM "$up_pid"; else stop_stack >/dev/null 2>&1; fi
) 9>&- &
reaper_pid=$!
disown $reaper_pid

for daemon_start in "${daemon_starts[@]}"; do eval "$daemon_start"; done
say "migrating the database"
pnpm --silent db:migrate
[ $MODE = dev ] || "$ROOT/scripts/build-frontend.sh"
"$ROOT/scripts/render-gateway.sh"
[ "$STATION" != builtin ] || "$ROOT/scripts/station.sh" prepare

# --- the supervised processes ----------------------------------------------------------------
# Each copy of a process (requests, requests-2, …; the pid files and log prefixes have these
# names) under scripts/supervise.sh: restarted with back-off, liveness by its health check.
names=() commands=() colors=()
supervised=$(processes supervise "${mode_args[@]}") || exit 1
while IFS=$'\t' read -r name color command; do
  names+=("$name") colors+=("$color") commands+=("$command")
done <<<"$supervised"

# Its own session: a Ctrl-C in the terminal reaches this script only, which then stops the
# supervisor (and through it every process) in order. concurrently itself restarts only a
# scripts/supervise.sh that died (every 2 s); the restarts of the processes are theirs.
IFS=,
setsid node_modules/.bin/concurrently --names "${names[*]}" --prefix-colors "${colors[*]}" \
  --pad-prefix --restart-tries -1 --restart-after 2000 --kill-timeout 10000 \
  -- "${commands[@]}" 9>&- &
unset IFS
supervisor_pid=$!
echo "$supervisor_pid" >"$SUPERVISOR_PIDFILE"

# Tell when everything answers through the gateway.
(
  deadline=$((SECONDS + 180))
  while [ $SECONDS -lt $deadline ]; do
    waiting=()
    for http_service in "${http_services[@]}"; do
      read -r service port path <<<"$http_service"
      ports_var=${port}S listening=1
      for port in ${!ports_var}; do port_in_use "$port" || listening=''; done
      # Through the gateway only once every copy listens, to keep its error log quiet.
      [ -n "$listening" ] && [ "$(http_status "$HTTP_PORT" "/_health/$service$path")" = 200 ] ||
        waiting+=("$service")
    done
    if [ ${#waiting[@]} = 0 ]; then
      [ "$STATION" != builtin ] ||
        ok "built-in station: http://localhost:$HTTP_PORT/stream/radio.mp3 (library: $LIBRARY_DIR, request-only: $REQUEST_LIBRARY_DIR)"
      if [ $MODE = dev ]; then
        echo >&2
        ok "ready in $((SECONDS - started)) s: http://localhost:$VITE_PORT (Vite, hot reload) — API via the gateway on http://localhost:$HTTP_PORT — Ctrl-C stops"
      else
        echo >&2
        ok "ready in $((SECONDS - started)) s: http://localhost:$HTTP_PORT — Ctrl-C stops"
      fi
      exit 0
    fi
    sleep 0.25
  done
  warn "not ready after 180 s: ${waiting[*]} (see their logs above)"
) 9>&- &
ready_pid=$!
disown $ready_pid

wait "$supervisor_pid"
