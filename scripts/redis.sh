#!/usr/bin/env bash
# The native stack's private Redis under DATA_DIR/redis, on REDIS_PORT (loopback), persisted with
# an append-only file plus snapshots. Its memory is capped at REDIS_MAXMEMORY (256mb) with the
# noeviction policy: at the cap writes fail with an error instead of Redis dropping keys, since
# BullMQ's queues must never be evicted.
#   scripts/redis.sh start | stop
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
load_config

DIR="$DATA_DIR/redis"
PIDFILE="$DIR/redis.pid"
LOG="$DIR/redis.log"

ours() { local pid; pid=$(live_pid "$PIDFILE") && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = redis-server ] && echo "$pid"; }
pong() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }

start() {
  command -v redis-server >/dev/null || die "redis-server not found: install the redis-server package"
  mkdir -p "$DIR"
  if ours >/dev/null; then
    warn "stopping a Redis left over from an earlier run in $DIR"
    stop
  fi
  require_free_port REDIS_PORT Redis
  {
    echo "# Written by scripts/redis.sh at every start."
    echo "port $REDIS_PORT"
    echo "bind 127.0.0.1"
    echo "protected-mode yes"
    echo "daemonize yes"
    echo "pidfile \"$PIDFILE\""
    echo "logfile \"$LOG\""
    echo "dir \"$DIR\""
    echo "maxmemory ${REDIS_MAXMEMORY:-256mb}"
    echo "maxmemory-policy noeviction"
    if [ "${REDIS_EPHEMERAL:-${POSTGRES_EPHEMERAL:-}}" = 1 ]; then
      echo "appendonly no"
      echo 'save ""'
    else
      echo "appendonly yes"
      echo "appendfsync everysec"
      echo "save 3600 1 300 100 60 10000"
    fi
  } >"$DIR/redis.conf"
  : >"$LOG"
  # setsid: a Ctrl-C in the terminal must not reach Redis; up.sh stops it after the services.
  setsid -w redis-server "$DIR/redis.conf" 9>&- || true
  # Loading a large append-only file can take a while: PING answers -LOADING until it is done.
  local deadline=$((SECONDS + 60)) started=$SECONDS
  until pong; do
    # Gone (e.g. a bad setting) or still not answering: give up.
    if [ $SECONDS -ge $deadline ] || { [ $((SECONDS - started)) -ge 2 ] && ! ours >/dev/null; }; then
      break
    fi
    sleep 0.1
  done
  if ! pong; then
    tail -n 20 "$LOG" >&2 || true
    pid=$(ours) && kill -KILL "$pid" 2>/dev/null
    die "Redis could not start (log above, full log: $LOG)"
  fi
  ok "Redis $(redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p') on 127.0.0.1:$REDIS_PORT (data: $DIR)"
}

stop() {
  local pid
  pid=$(ours) || return 0
  stop_pid "$pid" TERM 30
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  *) die "usage: $0 start|stop" ;;
esac
