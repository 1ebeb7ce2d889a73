#!/usr/bin/env bash
# Rotates the native stack's log files by size, every LOG_CHECK_SECONDS (30): DATA_DIR/logs/*.log
# (the gateway's access log, the station's as-run log) and the Postgres and Redis logs. A file
# over LOG_MAX_MB (20) becomes FILE.1 (FILE.1 becomes FILE.2 …, LOG_KEEP (3) old files are kept).
# nginx is told to reopen its logs (SIGUSR1 to its master); the other writers append to a file
# they keep open, so theirs is copied and emptied in place.
#   scripts/rotate-logs.sh          runs until stopped (under the supervisor of scripts/up.sh)
#   scripts/rotate-logs.sh --once   one pass
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
load_config

# LOG_MAX_BYTES wins over LOG_MAX_MB (the fault suite rotates small files).
MAX_BYTES=${LOG_MAX_BYTES:-$((${LOG_MAX_MB:-20} * 1024 * 1024))}
KEEP=${LOG_KEEP:-3}
NGINX_PID_FILE="$RUN_DIR/nginx/nginx.pid"

shift_old() {
  local file=$1 n
  rm -f "$file.$KEEP"
  for ((n = KEEP - 1; n >= 1; n--)); do
    [ ! -f "$file.$n" ] || mv -f "$file.$n" "$file.$((n + 1))"
  done
}

rotate_once() {
  local file reopen_nginx='' pid
  shopt -s nullglob
  for file in "$LOG_DIR"/*.log "$DATA_DIR/postgres/postgres.log" "$DATA_DIR/redis/redis.log"; do
    [ -f "$file" ] && [ "$(stat -c %s "$file")" -gt "$MAX_BYTES" ] || continue
    shift_old "$file"
    case $(basename "$file") in
      gateway-*)
        mv -f "$file" "$file.1"
        reopen_nginx=1
        ;;
      *)
        cp -p "$file" "$file.1"
        : >"$file"
        ;;
    esac
    say "rotated $file"
  done
  if [ -n "$reopen_nginx" ] && pid=$(live_pid "$NGINX_PID_FILE"); then
    kill -USR1 "$pid"
  fi
}

if [ "${1:-}" = --once ]; then
  rotate_once
  exit 0
fi
trap 'exit 0' INT TERM
while :; do
  rotate_once
  # Without our output: a sleep left behind must not hold the supervisor's pipe open.
  sleep "${LOG_CHECK_SECONDS:-30}" >/dev/null 2>&1 &
  wait $!
done
