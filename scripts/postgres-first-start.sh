#!/bin/sh
# The postgres service's entrypoint (docker-compose.yml gives it to the container as a config): the
# official image's docker-entrypoint.sh with a first start that is all or nothing.
#
# Why: the official entrypoint takes a data directory with a non-empty PG_VERSION as a complete
# cluster ("Skipping initialization"), and initdb writes PG_VERSION early. A container killed
# during its first start (Swarm kills a task whose healthcheck fails; compose never does) left a
# half-made cluster that every later start took as complete ("could not find the database system
# ... global/pg_control"), or one without the database POSTGRES_DB.
#
# How, using only the official image's contract (docker-entrypoint.sh on PATH, PGDATA,
# POSTGRES_*; it initialises only when its first argument is `postgres` and PGDATA/PG_VERSION is
# missing or empty, and ends with `exec "$@"`):
#   - no PG_VERSION: the official first start runs with PGDATA=$PGDATA/.first-start/data (same
#     file system): initdb, its temporary server on the unix socket only (listen_addresses=''),
#     CREATE DATABASE, /docker-entrypoint-initdb.d, the temporary server stopped. The server it
#     then execs is not started: `postgres` on its PATH is a shim that exits 0 when it is that
#     last exec (the process this script started); every other `postgres` it runs is the real
#     one (pg_ctl and initdb run their own directory's). Then every entry is moved (renamed) into
#     PGDATA, PG_VERSION last: PG_VERSION in PGDATA means a complete cluster again.
#   - a kill before .first-start/complete exists: the next start removes .first-start (nothing
#     had been put into PGDATA) and begins again; after it: the next start finishes the moves.
#   - then, always: exec docker-entrypoint.sh "$@" (ownership, 0700, gosu postgres, the server).
# It never deletes what it did not make: a PGDATA with PG_VERSION but no global/pg_control, or
# with files but no PG_VERSION (left by an interrupted first start before this script), stops the
# start with what to do (exit 1).
set -eu

say() { printf 'postgres-first-start: %s\n' "$*" >&2; }

# As docker-entrypoint.sh decides: a first argument that is a flag means `postgres` with those
# flags; anything else, or postgres with --help/--version, is not a server start.
case "${1:-}" in -*) set -- postgres "$@" ;; esac
[ "${1:-}" = postgres ] || exec docker-entrypoint.sh "$@"
for arg; do
  case "$arg" in '-?' | --help | --describe-config | -V | --version) exec docker-entrypoint.sh "$@" ;; esac
done

: "${PGDATA:?PGDATA is not set}"
stage=$PGDATA/.first-start

no_database() { # what was found
  say "$PGDATA holds no database: $1.
  A first start of Postgres interrupted before first starts were made atomic leaves this; there
  is no data in it to keep (and this script deletes nothing it did not make). Remove the volume and
  start again:
    compose: docker compose rm -sf postgres && docker volume rm radio_postgres-data && docker compose up -d
    Swarm:   docker service scale <stack>_postgres=0; then on the node labelled radio.data=true:
             docker rm \$(docker ps -aq --filter volume=<stack>_postgres-data)
             docker volume rm <stack>_postgres-data; then docker service scale <stack>_postgres=1"
  exit 1
}

# Every entry of .first-start/data into PGDATA (dot-files too), PG_VERSION last, each a rename.
move_in() {
  for entry in "$stage/data"/* "$stage/data"/.[!.]* "$stage/data"/..?*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue # an unmatched pattern
    name=${entry##*/}
    [ "$name" = PG_VERSION ] && continue
    if [ -e "$PGDATA/$name" ] || [ -L "$PGDATA/$name" ]; then
      say "$PGDATA/$name exists already; not moving $entry over it" && exit 1
    fi
    mv "$entry" "$PGDATA/$name"
  done
  # The renames on disk before PG_VERSION's (initdb and the temporary server's shutdown
  # checkpoint synced the files themselves).
  sync "$PGDATA" 2>/dev/null || sync
  mv "$stage/data/PG_VERSION" "$PGDATA/PG_VERSION"
  sync "$PGDATA" 2>/dev/null || sync
  rm -rf "$stage"
}

first_start() {
  real=$(command -v postgres) || { say "postgres is not on PATH"; exit 1; }
  case "$real" in /*) ;; *) say "postgres on PATH is not a file: $real"; exit 1 ;; esac
  # Where docker-entrypoint.sh would make it: PGDATA, mode 0700, owned by postgres (as root), so
  # that the postgres user reaches .first-start.
  mkdir -p "$PGDATA"
  [ "$(id -u)" != 0 ] || chown postgres "$PGDATA"
  chmod 700 "$PGDATA" 2>/dev/null || :
  mkdir -p "$stage/bin"
  chmod 755 "$stage" "$stage/bin"
  cat >"$stage/bin/postgres" <<EOF
#!/bin/sh
# The server docker-entrypoint.sh starts once initialisation is complete (its last step, exec, in
# the process postgres-first-start.sh started) is not started; every other postgres is.
[ "\$\$" = "\${RADIO_FIRST_START_PID:-}" ] && exit 0
exec '$real' "\$@"
EOF
  chmod 755 "$stage/bin/postgres"

  say "first start in $stage/data (moved into $PGDATA when complete)"
  # Stopped (docker stop, Swarm) during this phase: as a kill, the next start begins again.
  trap 'say "stopped during the first start; the next start begins it again"; exit 143' TERM
  trap 'say "stopped during the first start; the next start begins it again"; exit 130' INT
  # No TCP for any server of this phase, even should the last exec not reach the shim.
  PGDATA=$stage/data PATH=$stage/bin:$PATH sh -c \
    'RADIO_FIRST_START_PID=$$; export RADIO_FIRST_START_PID; exec docker-entrypoint.sh "$@"' \
    first-start "$@" -c listen_addresses= &
  inner=$!
  status=0
  wait "$inner" || status=$?
  trap - TERM INT
  if [ "$status" != 0 ]; then
    say "the first start failed (exit $status); nothing was put into $PGDATA"
    exit "$status"
  fi
  if [ ! -s "$stage/data/PG_VERSION" ] || [ ! -f "$stage/data/global/pg_control" ] ||
    [ -e "$stage/data/postmaster.pid" ]; then
    say "the first start ended without a complete, stopped cluster in $stage/data"
    exit 1
  fi
  : >"$stage/complete"
  move_in
  say "first start complete"
}

if [ -s "$PGDATA/PG_VERSION" ]; then
  rm -rf "$stage" # killed after PG_VERSION was moved in
  [ -f "$PGDATA/global/pg_control" ] || no_database "PG_VERSION is there, global/pg_control is not"
elif [ -e "$stage/complete" ]; then
  say "finishing the moves of an interrupted first start (its initialisation was complete)"
  move_in
else
  if [ -e "$stage" ]; then
    say "removing an interrupted first start ($stage)"
    rm -rf "$stage"
  fi
  if [ -d "$PGDATA" ] && [ -n "$(ls -A "$PGDATA")" ]; then
    # shellcheck disable=SC2012 # names, for a person to read
    held=$(ls -A "$PGDATA" | head -5 | tr '\n' ' ')
    no_database "PG_VERSION is missing or empty, yet it holds ${held% }"
  fi
  first_start "$@"
fi
exec docker-entrypoint.sh "$@"
