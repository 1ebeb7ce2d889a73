#!/usr/bin/env bash
# The native stack's private Postgres cluster under DATA_DIR/postgres, on POSTGRES_PORT (loopback).
#   scripts/postgres.sh start   initdb on first use, start, make POSTGRES_USER/POSTGRES_DB exist
#   scripts/postgres.sh stop    fast shutdown
# Postgres refuses to run as root: as root the cluster belongs to, and runs as, the `postgres`
# account (from the postgresql package). Otherwise it runs as you.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
load_config

PGROOT="$DATA_DIR/postgres"
PGDATA="$PGROOT/data"
SOCKET_DIR="$PGROOT/socket"
PGLOG="$PGROOT/postgres.log"
unset PGHOST PGPORT PGUSER PGDATABASE PGPASSWORD PGSERVICE

as_pg() {
  if is_root; then
    (cd "$PGROOT" && setpriv --reuid=postgres --regid=postgres --init-groups -- "$@")
  else
    "$@"
  fi
}

# The server programs of the cluster's own version, else the newest installed.
bindir() {
  local version pg_ctl
  if [ -f "$PGDATA/PG_VERSION" ]; then
    version=$(cat "$PGDATA/PG_VERSION")
    [ -x "/usr/lib/postgresql/$version/bin/postgres" ] && { echo "/usr/lib/postgresql/$version/bin"; return; }
  fi
  pg_ctl=$(pg_bin pg_ctl) || exit 1
  dirname "$pg_ctl"
}

running() { [ -f "$PGDATA/postmaster.pid" ] && as_pg "$BIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; }

start() {
  mkdir -p "$PGROOT"
  if is_root; then
    id -u postgres >/dev/null 2>&1 || die "running as root needs the postgres account (postgresql package)"
    chmod o+x "$DATA_DIR"
    [ "$(stat -c %U "$PGROOT")" = postgres ] || chown -R postgres:postgres "$PGROOT"
    as_pg test -w "$PGROOT" ||
      die "the postgres account cannot reach $PGROOT (a parent folder is not searchable by others);
  set DATA_DIR to a folder outside it, e.g. DATA_DIR=/var/lib/radio make up"
  fi
  BIN=$(bindir)

  if running; then
    warn "stopping a Postgres left over from an earlier run in $PGDATA"
    stop
  fi
  require_free_port POSTGRES_PORT Postgres

  local fast=()
  [ "${POSTGRES_EPHEMERAL:-}" != 1 ] || fast=(--no-sync)
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    say "creating the Postgres cluster in $PGDATA"
    as_pg "$BIN/initdb" -D "$PGDATA" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
      -E UTF8 --locale=C.UTF-8 "${fast[@]}" >"$PGROOT/initdb.log" 2>&1 ||
      { cat "$PGROOT/initdb.log" >&2; die "initdb failed"; }
    echo "include_if_exists = 'radio.conf'" | as_pg tee -a "$PGDATA/postgresql.conf" >/dev/null
  fi
  as_pg mkdir -p "$SOCKET_DIR"
  as_pg chmod 700 "$SOCKET_DIR"
  # Written at every start so a changed POSTGRES_PORT or DATA_DIR takes effect.
  {
    echo "# Written by scripts/postgres.sh at every start."
    echo "port = $POSTGRES_PORT"
    echo "listen_addresses = '127.0.0.1'"
    echo "unix_socket_directories = '$SOCKET_DIR'"
    echo "unix_socket_permissions = 0700"
    if [ "${POSTGRES_EPHEMERAL:-}" = 1 ]; then
      echo "fsync = off"
      echo "synchronous_commit = off"
      echo "full_page_writes = off"
    fi
  } | as_pg tee "$PGDATA/radio.conf" >/dev/null

  # setsid: a Ctrl-C in the terminal must not reach Postgres; up.sh stops it after the services.
  if ! as_pg setsid -w "$BIN/pg_ctl" -D "$PGDATA" -l "$PGLOG" -w -t 60 -s start 9>&-; then
    tail -n 20 "$PGLOG" >&2 || true
    die "Postgres could not start (log above, full log: $PGLOG)"
  fi

  as_pg "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SOCKET_DIR" -p "$POSTGRES_PORT" -U postgres -d postgres >/dev/null <<SQL ||
SELECT format('CREATE ROLE %I LOGIN', '$POSTGRES_USER')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$POSTGRES_USER') \gexec
ALTER ROLE "$POSTGRES_USER" WITH LOGIN PASSWORD '$POSTGRES_PASSWORD';
SELECT format('CREATE DATABASE %I OWNER %I', '$POSTGRES_DB', '$POSTGRES_USER')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$POSTGRES_DB') \gexec
SQL
    die "could not create the role $POSTGRES_USER and database $POSTGRES_DB"
  ok "Postgres $(cat "$PGDATA/PG_VERSION") on 127.0.0.1:$POSTGRES_PORT (data: $PGDATA)"
}

stop() {
  BIN=${BIN:-$(bindir)}
  [ -f "$PGDATA/postmaster.pid" ] || return 0
  if ! as_pg "$BIN/pg_ctl" -D "$PGDATA" -m fast -w -t 60 -s stop 2>/dev/null && running; then
    warn "Postgres did not stop in time: sending it SIGQUIT"
    kill -QUIT "$(head -n 1 "$PGDATA/postmaster.pid")" 2>/dev/null || true
  fi
}

case ${1:-} in
  start) [[ ${POSTGRES_PASSWORD:-} =~ ^[A-Za-z0-9._~-]+$ ]] || die "POSTGRES_PASSWORD must be set and use only A-Z a-z 0-9 . _ ~ -"
    [[ $POSTGRES_USER =~ ^[a-z_][a-z0-9_]*$ && $POSTGRES_DB =~ ^[a-z_][a-z0-9_]*$ ]] ||
      die "POSTGRES_USER and POSTGRES_DB must be lower-case identifiers"
    start ;;
  stop) stop ;;
  *) die "usage: $0 start|stop" ;;
esac
