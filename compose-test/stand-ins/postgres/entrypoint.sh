#!/bin/sh
set -eu
if [ "${1:-postgres}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile="$pwfile" --auth=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  if [ "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != "${POSTGRES_USER:-postgres}" ]; then
    postgres --single -D "$PGDATA" postgres <<SQL >/dev/null
CREATE DATABASE "$POSTGRES_DB" OWNER "${POSTGRES_USER:-postgres}";
SQL
  fi
  if [ "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" = "${POSTGRES_USER:-postgres}" ] && [ "$POSTGRES_DB" != postgres ]; then
    postgres --single -D "$PGDATA" postgres <<SQL >/dev/null
CREATE DATABASE "$POSTGRES_DB" OWNER "$POSTGRES_USER";
SQL
  fi
fi
exec "$@"
