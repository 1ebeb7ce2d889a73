#!/usr/bin/env bash
# Keeps one process of the native stack running; scripts/up.sh starts one of these per process
# under concurrently (which prefixes the output with the process name).
#
#   supervise.sh NAME [--heartbeat FILE --stale SECONDS] -- COMMAND...
#       Runs COMMAND in the foreground and restarts it when it exits. With --heartbeat, the
#       process must touch FILE at least every SECONDS (after a start-up grace of SECONDS): a
#       frozen one (a stale FILE) is killed and restarted. A process that never wrote FILE is
#       not judged by it until FILE has appeared once (so a process without heartbeats still runs).
#   supervise.sh NAME --daemon PIDFILE --log LOGFILE -- START...
#       For Postgres and Redis, which run as daemons started by START (scripts/postgres.sh start):
#       restarts them with START when the pid in PIDFILE is gone.
#
# Restarts back off: 1 s, doubling up to SUPERVISE_MAX_DELAY (60) seconds while the process keeps
# dying within SUPERVISE_STABLE_SECONDS (30) of its start; back to 1 s once it ran that long. A
# crash says why once (exit status; for daemons the last lines of their log), on one line; a crash
# loop is announced once, not at every try. SIGINT or SIGTERM stops the process (foreground mode;
# daemons are stopped by scripts/up.sh afterwards) and this script, without a restart.
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

NAME=${1:?usage: supervise.sh NAME [options] -- COMMAND...}
shift
heartbeat='' stale=0 pidfile='' logfile=''
while [ $# -gt 0 ]; do
  case $1 in
    --heartbeat) heartbeat=$2 && shift 2 ;;
    --stale) stale=$2 && shift 2 ;;
    --daemon) pidfile=$2 && shift 2 ;;
    --log) logfile=$2 && shift 2 ;;
    --) shift && break ;;
    *) die "supervise.sh: unknown option $1" ;;
  esac
done
[ $# -gt 0 ] || die "supervise.sh: no command"
MAX_DELAY=${SUPERVISE_MAX_DELAY:-60}
STABLE=${SUPERVISE_STABLE_SECONDS:-30}

# The current pid of each process, for operators and the fault suite (e2e/faults).
PID_DIR="${DATA_DIR:?}/run/pids"
mkdir -p "$PID_DIR"

note() { printf '[supervisor] %s\n' "$*" >&2; }

child='' stopping=''
stop() {
  stopping=1
  if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
    kill -TERM "$child" 2>/dev/null
    # A frozen (SIGSTOP) process never handles SIGTERM.
    kill -CONT "$child" 2>/dev/null
    wait_until 10 eval "! kill -0 $child 2>/dev/null" || kill -KILL "$child" 2>/dev/null
  fi
  exit 0
}
trap stop INT TERM HUP

# "code N" or "signal NAME" of a wait status.
describe_status() {
  if [ "$1" -gt 128 ]; then echo "signal $(kill -l "$(($1 - 128))" 2>/dev/null || echo $(($1 - 128)))"; else echo "code $1"; fi
}

# Seconds since FILE was last modified.
age_of() { echo $(($(date +%s) - $(stat -c %Y "$1" 2>/dev/null || date +%s))); }

daemon_pid() {
  local pid
  pid=$(head -n 1 "$pidfile" 2>/dev/null) && [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

heartbeat_seen=''
# Runs COMMAND once in the foreground; returns its wait status, or 137 after a liveness kill.
run_foreground() {
  local started=$SECONDS age
  [ -z "$heartbeat" ] || rm -f "$heartbeat"
  "$@" &
  child=$!
  echo "$child" >"$PID_DIR/$NAME.pid"
  while kill -0 "$child" 2>/dev/null; do
    sleep 1 >/dev/null 2>&1 &
    wait $! 2>/dev/null
    [ -n "$heartbeat" ] && [ $((SECONDS - started)) -ge "$stale" ] || continue
    if [ -f "$heartbeat" ]; then
      heartbeat_seen=1
      age=$(age_of "$heartbeat")
      [ "$age" -gt "$stale" ] || continue
      note "$NAME is unresponsive (its heartbeat is $age s old): killing it"
    elif [ -n "$heartbeat_seen" ]; then
      note "$NAME is unresponsive (no heartbeat $stale s after its start): killing it"
    else
      continue
    fi
    kill -KILL "$child" 2>/dev/null
    break
  done
  wait "$child"
}

# Waits while the daemon lives; returns 0 once it is gone.
watch_daemon() {
  while daemon_pid >/dev/null; do
    sleep 1 >/dev/null 2>&1 &
    wait $! 2>/dev/null
  done
}

delay=1 failing=0
while :; do
  started=$SECONDS
  if [ -n "$pidfile" ]; then
    if ! daemon_pid >/dev/null; then
      # (Re)start; its output only on the first try of a streak. A failed start counts as a crash.
      if [ "$failing" -le 1 ]; then "$@" || true; else "$@" >/dev/null 2>&1 || true; fi
      started=$SECONDS
    fi
    if daemon_pid >/dev/null; then
      [ "$failing" != 1 ] || note "$NAME is running again"
      watch_daemon
    fi
    [ -z "$stopping" ] || exit 0
    cause="stopped"
    if [ -n "$logfile" ] && [ -f "$logfile" ]; then
      cause="stopped; last lines of $logfile: $(tail -n 3 "$logfile" | tr -s '\n\t' '  ' | cut -c1-400)"
    fi
  else
    run_foreground "$@"
    rc=$?
    child=''
    [ -z "$stopping" ] || exit 0
    cause="exited with $(describe_status "$rc") after $((SECONDS - started)) s"
  fi

  if [ $((SECONDS - started)) -ge "$STABLE" ]; then
    delay=1 failing=0
  fi
  failing=$((failing + 1))
  if [ "$failing" = 1 ]; then
    note "$NAME $cause; restarting in $delay s"
  elif [ "$failing" = 2 ]; then
    note "$NAME keeps failing ($cause); retrying with growing delays up to $MAX_DELAY s, quietly until it runs again"
  fi
  sleep "$delay" >/dev/null 2>&1 &
  wait $! 2>/dev/null
  [ -z "$stopping" ] || exit 0
  delay=$((delay * 2 > MAX_DELAY ? MAX_DELAY : delay * 2))
done
