# Shared helpers for the native stack. Source it; it does nothing by itself.
# shellcheck shell=bash

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# nginx lives in /usr/sbin, which is not on a normal user's PATH on Debian.
export PATH="$ROOT/.tools/bin:$PATH:/usr/sbin:/sbin"

if [ -t 2 ] && [ -z "${NO_COLOR:-}" ]; then
  _c_bold=$'\e[1m' _c_red=$'\e[31m' _c_yellow=$'\e[33m' _c_green=$'\e[32m' _c_off=$'\e[0m'
else
  _c_bold='' _c_red='' _c_yellow='' _c_green='' _c_off=''
fi
say() { printf '%s==>%s %s\n' "$_c_bold" "$_c_off" "$*" >&2; }
ok() { printf '%s==>%s %s\n' "$_c_green" "$_c_off" "$*" >&2; }
warn() { printf '%swarning:%s %s\n' "$_c_yellow" "$_c_off" "$*" >&2; }
die() {
  printf '%serror:%s %s\n' "$_c_red" "$_c_off" "$*" >&2
  exit 1
}

is_root() { [ "$(id -u)" = 0 ]; }

# Loads KEY=VALUE lines from a dotenv file into the environment. A variable that is already set
# wins, so `HTTP_PORT=9080 make up` overrides the file. Same syntax as Docker Compose's env_file
# for the simple cases: comments, blank lines, optional quotes, `export ` prefix.
load_env_file() {
  local file=$1 line key value
  [ -f "$file" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%$'\r'}
    [[ $line =~ ^[[:space:]]*(#.*)?$ ]] && continue
    if [[ ! $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]]; then
      warn "$file: ignoring line: $line"
      continue
    fi
    key=${BASH_REMATCH[2]}
    value=${BASH_REMATCH[3]}
    if [[ $value =~ ^\"(.*)\"[[:space:]]*$ || $value =~ ^\'(.*)\'[[:space:]]*$ ]]; then
      value=${BASH_REMATCH[1]}
    else
      value=${value%%[[:space:]]#*}
      value=${value%"${value##*[![:space:]]}"}
    fi
    [ -n "${!key+x}" ] || export "$key=$value"
  done <"$file"
}

# The value of NAME in ENV_FILE as written there (the last line that sets it); empty if none.
env_file_setting() {
  [ -f "$ENV_FILE" ] || return 0
  sed -n "s/^$1=//p" "$ENV_FILE" | tail -n 1
}
# Sets NAME=VALUE on NAME's lines in ENV_FILE. Escaped for sed: a password taken over may hold
# & | or \.
set_env_file_setting() { # NAME VALUE
  sed -i "s|^$1=.*\$|$1=$(printf '%s' "$2" | sed 's/[&|\\]/\\&/g')|" "$ENV_FILE"
}
# base64url of N random bytes, with nothing but coreutils (a server for compose has no Node).
random() { head -c "$1" /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '='; }

# ENV_FILE (default .env) as an absolute path, exported.
resolve_env_file() {
  ENV_FILE=${ENV_FILE:-$ROOT/.env}
  case $ENV_FILE in /*) ;; *) ENV_FILE="$ROOT/$ENV_FILE" ;; esac
  export ENV_FILE
}

# The stack's processes, from their one list (stack/processes.json; the commands: stack/processes.ts).
# Commands that name paths need load_config first.
processes() {
  RUN_DIR=${RUN_DIR:-} LOG_DIR=${LOG_DIR:-} NGINX_GLOBALS=$(nginx_globals) node "$ROOT/stack/processes.ts" "$@"
}

# Reads the configuration (environment first, then ENV_FILE, then defaults) and derives what the
# processes need. Every port and folder can be moved, so several stacks can run side by side.
load_config() {
  resolve_env_file
  load_env_file "$ENV_FILE"

  : "${DATA_DIR:=.data}"
  case $DATA_DIR in /*) ;; *) DATA_DIR="$ROOT/$DATA_DIR" ;; esac
  : "${HTTP_HOST:=127.0.0.1}" "${HTTP_PORT:=8080}"
  : "${AUTH_PORT:=3101}" "${REQUESTS_PORT:=3102}" "${PLAYLIST_PORT:=3103}" "${UPLOADS_PORT:=3104}"
  : "${POSTGRES_PORT:=54329}" "${REDIS_PORT:=63790}" "${VITE_PORT:=5173}"
  # Prometheus metrics of each process (loopback, not routed by the gateway).
  : "${AUTH_METRICS_PORT:=9101}" "${REQUESTS_METRICS_PORT:=9102}" "${PLAYLIST_METRICS_PORT:=9103}"
  : "${UPLOADS_METRICS_PORT:=9104}" "${WORKER_METRICS_PORT:=9105}"
  export AUTH_METRICS_PORT REQUESTS_METRICS_PORT PLAYLIST_METRICS_PORT UPLOADS_METRICS_PORT WORKER_METRICS_PORT
  : "${POSTGRES_USER:=radio}" "${POSTGRES_DB:=radio}"
  : "${ADMIN_EMAIL:=admin@radio.local}"
  : "${LOG_LEVEL:=info}" "${LOG_FORMAT:=pretty}"
  : "${PUBLIC_ORIGIN:=http://localhost:$HTTP_PORT,http://127.0.0.1:$HTTP_PORT}"
  : "${STATION_NAME:=Radio Lokaal}"
  export DATA_DIR HTTP_HOST HTTP_PORT AUTH_PORT REQUESTS_PORT PLAYLIST_PORT UPLOADS_PORT
  export POSTGRES_PORT REDIS_PORT VITE_PORT POSTGRES_USER POSTGRES_DB ADMIN_EMAIL
  export LOG_LEVEL LOG_FORMAT PUBLIC_ORIGIN STATION_NAME
  # Stored objects (voice messages) when STORAGE_DRIVER is local.
  : "${STORAGE_DIR:=$DATA_DIR/storage}"
  case $STORAGE_DIR in /*) ;; *) STORAGE_DIR="$ROOT/$STORAGE_DIR" ;; esac
  export STORAGE_DIR

  # The station: the built-in one (Liquidsoap + Icecast, station/) unless STATION=azuracast.
  : "${STATION:=builtin}"
  case $STATION in
    builtin)
      : "${ICECAST_PORT:=8000}" "${LIBRARY_DIR:=$DATA_DIR/library}"
      : "${REQUEST_LIBRARY_DIR:=$DATA_DIR/request-library}"
      case $LIBRARY_DIR in /*) ;; *) LIBRARY_DIR="$ROOT/$LIBRARY_DIR" ;; esac
      case $REQUEST_LIBRARY_DIR in /*) ;; *) REQUEST_LIBRARY_DIR="$ROOT/$REQUEST_LIBRARY_DIR" ;; esac
      # /stream/* is the built-in station's Icecast.
      STREAM_UPSTREAM="http://127.0.0.1:$ICECAST_PORT"
      # The requests service publishes the station's now playing and points an empty nonstop
      # source (dj_settings) at it; the worker reaches it here.
      export BUILT_IN_STATION_URL="http://127.0.0.1:$REQUESTS_PORT"
      export ICECAST_PORT LIBRARY_DIR REQUEST_LIBRARY_DIR
      ;;
    azuracast)
      # /stream/* goes to STREAM_UPSTREAM, if any (e.g. the AzuraCast server's Icecast).
      : "${STREAM_UPSTREAM:=http://127.0.0.1:1}"
      unset BUILT_IN_STATION_URL
      ;;
    *) die "STATION must be builtin or azuracast, not '$STATION'" ;;
  esac
  export STATION STREAM_UPSTREAM

  # Natively every service listens on loopback only, behind the gateway on the same machine.
  export HOST=127.0.0.1
  export TRUSTED_PROXIES=127.0.0.1,::1
  export DATABASE_URL="postgres://$POSTGRES_USER:${POSTGRES_PASSWORD:-}@127.0.0.1:$POSTGRES_PORT/$POSTGRES_DB"
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"

  # Used by the scripts that source this file.
  # shellcheck disable=SC2034
  RUN_DIR="$DATA_DIR/run" LOG_DIR="$DATA_DIR/logs"
}

require_secrets() {
  local missing=() name
  for name in SESSION_SECRET INTERNAL_TOKEN ADMIN_PASSWORD POSTGRES_PASSWORD; do
    [ -n "${!name:-}" ] || missing+=("$name")
  done
  [ ${#missing[@]} = 0 ] || die "not set: ${missing[*]} (in $ENV_FILE or the environment)"
  [ ${#SESSION_SECRET} -ge 32 ] || die "SESSION_SECRET must be at least 32 characters"
  [ ${#INTERNAL_TOKEN} -ge 16 ] || die "INTERNAL_TOKEN must be at least 16 characters"
  [ -z "${STATION_API_KEY:-}" ] || [ ${#STATION_API_KEY} -ge 16 ] ||
    die "STATION_API_KEY must be at least 16 characters"
  [ "${STATION_API_KEY:-}" != "$INTERNAL_TOKEN" ] || die "STATION_API_KEY must not be INTERNAL_TOKEN"
}

# A PostgreSQL client or server program (pg_dump, psql, postgres, …) of the newest installed
# version (Debian keeps them under /usr/lib/postgresql/<version>/bin), else from PATH.
pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n | tail -n 1)
  if [ -n "$dir" ]; then echo "$dir/$1"; else command -v "$1" || die "$1 not found: install the postgresql package"; fi
}

# The filler of the built-in station: 10 s of silence in the stream's format (MP3, 128 kbit/s,
# 44.1 kHz stereo), which Icecast plays to listeners while Liquidsoap restarts (natively
# scripts/station.sh, under compose station/entrypoint.sh), so players carry on across the switch.
make_filler() { # file
  [ -s "$1" ] && return 0
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i anullsrc=r=44100:cl=stereo -t 10 \
    -c:a libmp3lame -b:a 128k "$1.tmp.mp3"
  mv "$1.tmp.mp3" "$1"
}
# Feeds the filler to Icecast's /filler.mp3, looped in real time (foreground).
feed_filler() { # file icecast-host
  exec ffmpeg -hide_banner -nostdin -loglevel warning -re -stream_loop -1 -i "$1" -c copy \
    -f mp3 -content_type audio/mpeg -ice_name "$STATION_NAME" \
    "icecast://source:$ICECAST_SOURCE_PASSWORD@$2:$ICECAST_PORT/filler.mp3"
}

# Something accepts connections on 127.0.0.1:PORT.
port_in_use() { timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# Stops, saying what to set, when the port in the variable NAME is taken (WHO: what cannot start).
# require_free_port NAME [WHO]
require_free_port() {
  port_in_use "${!1}" || return 0
  die "${2:+$2 cannot start: }port ${!1} ($1) is already in use by another program.
  Set $1 (in .env or the environment) to a free port."
}

# Prints COUNT distinct free loopback ports, separated by spaces (all held open at once while
# they are picked, so none repeats). Also used by the e2e harness (e2e/support/stack.ts).
free_ports() {
  node -e '
    const net = require("node:net");
    const servers = Array.from({ length: Number(process.argv[1]) }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", () => r(s.address().port)))))
      .then((ports) => { console.log(ports.join(" ")); servers.forEach((s) => s.close()); });
  ' "$1"
}

# Waits until CHECK succeeds, at most SECONDS (decimal) long. wait_until SECONDS CHECK...
wait_until() {
  local deadline=$((SECONDS + ${1%.*} + 1))
  shift
  until "$@"; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.1
  done
}

# A pid from a pid file, when that process is still alive.
live_pid() {
  local pid
  [ -f "$1" ] || return 1
  pid=$(head -n 1 "$1" 2>/dev/null)
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# Sends SIGNAL to PID (-PID: its process group) and waits up to SECONDS for it to go, then kills
# it.
stop_pid() {
  local pid=$1 signal=${2:-TERM} seconds=${3:-20}
  kill -"$signal" -- "$pid" 2>/dev/null || return 0
  wait_until "$seconds" eval "! kill -0 -- $pid 2>/dev/null" || kill -KILL -- "$pid" 2>/dev/null || true
}

# Directives given to the native nginx on its command line. As root the workers run as root too:
# they must read the checkout and DATA_DIR wherever those are (e.g. under /root), and every other
# process of the stack runs as that same user anyway.
nginx_globals() {
  if is_root; then echo "daemon off; user root;"; else echo "daemon off;"; fi
}

# HTTP status code of GET http://127.0.0.1:PORT/PATH, without curl (bash's /dev/tcp).
http_status() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$2" >&3
    IFS=' ' read -r -t 5 _ code _ <&3 && echo "$code"
  ) 2>/dev/null
}
