#!/usr/bin/env bash
# Test-only stand-in for the official image's docker-entrypoint.sh (docker-library/postgres,
# 15/alpine*/docker-entrypoint.sh), step by step as _main there does it:
#   - a first argument that is a flag means `postgres` with those flags; only `postgres` (not with
#     --help, -V, ...) initialises, and only when $PGDATA/PG_VERSION is missing or empty;
#   - as root: PGDATA made, mode 0700, what is not the postgres user's given to it; then this
#     script again as postgres, in the same process (the official: gosu; here setpriv);
#   - initdb (POSTGRES_USER, the password, POSTGRES_INITDB_ARGS; it writes PG_VERSION early),
#     `host all all all <password_encryption>` appended to pg_hba.conf; a temporary server on the
#     unix socket only (listen_addresses=''), CREATE DATABASE POSTGRES_DB unless it exists,
#     /docker-entrypoint-initdb.d/*, the temporary server stopped (fast); then exec "$@".
# listen_addresses = '*' comes from postgresql.conf.sample, as in the official image (Dockerfile).
set -Eeo pipefail

if [ "${1:0:1}" = - ]; then
  set -- postgres "$@"
fi

want_help() {
  local arg
  for arg; do
    case "$arg" in -'?' | --help | --describe-config | -V | --version) return 0 ;; esac
  done
  return 1
}

sql() { # psql arguments; as docker_process_sql: the unix socket, POSTGRES_DB unless emptied
  local runner=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
  [ -z "$POSTGRES_DB" ] || runner+=(--dbname "$POSTGRES_DB")
  PGHOST='' PGHOSTADDR='' "${runner[@]}" "$@"
}

if [ "$1" = postgres ] && ! want_help "$@"; then
  : "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}" "${POSTGRES_INITDB_ARGS:=}"
  export POSTGRES_USER POSTGRES_DB
  mkdir -p "$PGDATA"
  chmod 00700 "$PGDATA" || :
  mkdir -p /var/run/postgresql || :
  chmod 03775 /var/run/postgresql || :
  if [ "$(id -u)" = 0 ]; then
    find "$PGDATA" \! -user postgres -exec chown postgres '{}' +
    find /var/run/postgresql \! -user postgres -exec chown postgres '{}' +
    HOME=/var/lib/postgresql exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
  fi

  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "${POSTGRES_PASSWORD:-}" ]; then
      echo 'Error: Database is uninitialized and superuser password is not specified.' >&2
      exit 1
    fi
    ls /docker-entrypoint-initdb.d/ >/dev/null
    eval 'initdb --username="$POSTGRES_USER" --pwfile=<(printf "%s\n" "$POSTGRES_PASSWORD") '"$POSTGRES_INITDB_ARGS"

    auth=$(postgres -C password_encryption "${@:2}")
    printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-$auth}" >>"$PGDATA/pg_hba.conf"

    export PGPASSWORD="${PGPASSWORD:-$POSTGRES_PASSWORD}"
    NOTIFY_SOCKET='' PGUSER="${PGUSER:-$POSTGRES_USER}" \
      pg_ctl -D "$PGDATA" -o "$(printf '%q ' "${@:2}" -c listen_addresses= -p "${PGPORT:-5432}")" -w start

    # shellcheck disable=SC2097,SC2098 # the database named, asked for in the postgres database
    exists=$(POSTGRES_DB='' sql --dbname postgres --set db="$POSTGRES_DB" --tuples-only \
      <<<"SELECT 1 FROM pg_database WHERE datname = :'db';")
    if [ -z "$exists" ]; then
      # shellcheck disable=SC2097,SC2098
      POSTGRES_DB='' sql --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";'
    fi
    for f in /docker-entrypoint-initdb.d/*; do
      # shellcheck disable=SC1090
      case "$f" in
        *.sh) if [ -x "$f" ]; then "$f"; else . "$f"; fi ;;
        *.sql) sql -f "$f" ;;
        *.sql.gz) gunzip -c "$f" | sql ;;
      esac
    done

    PGUSER="${PGUSER:-postgres}" pg_ctl -D "$PGDATA" -m fast -w stop
    unset PGPASSWORD
    printf '\nPostgreSQL init process complete; ready for start up.\n\n'
  else
    printf '\nPostgreSQL Database directory appears to contain a database; Skipping initialization\n\n'
  fi
fi

exec "$@"
