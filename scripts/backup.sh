#!/usr/bin/env bash
# `make backup`: one archive of the native stack's durable data, running or stopped, into
# BACKUP_DIR (default: backups/ in the checkout) as radio-backup-<UTC time>.tar:
#   MANIFEST          what is inside, when, the newest migration of the database
#   database.dump     pg_dump of POSTGRES_DB in the custom format (pg_restore reads it)
#   files/storage/    the stored objects (STORAGE_DIR, local driver): voice messages, uploads
#   files/library/    LIBRARY_DIR: the rotation, with the uploads added to it
#   files/request-library/   REQUEST_LIBRARY_DIR: request-only songs, fetched Deezer tracks
#   env               the settings file (ENV_FILE): its secrets sign the links the database
#                     holds, and STATION_API_KEY is the built-in station's key
#
# Consistency: the dump is one snapshot (pg_dump runs in a single repeatable-read transaction),
# and the files are copied after it. Every object and library file is complete in place before
# the row that names it commits (storage writes to a temporary file and renames; the worker
# writes a library file before indexing it), so each row of the dump finds its file; a file
# written after the snapshot comes along unnamed and harmless. Writers keep running; only the
# hourly clean-up of unused voice messages deletes objects, which at worst leaves such a message's
# row without its file (the restored stack's clean-up removes it). Redis is not backed up: it holds
# caches, counters, now playing and queued jobs, which the stack rebuilds or reschedules.
# The archive holds secrets (the settings file, API keys in the database): it is made private (0600).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
load_config
require_secrets

: "${BACKUP_DIR:=backups}"
case $BACKUP_DIR in /*) ;; *) BACKUP_DIR="$ROOT/$BACKUP_DIR" ;; esac
umask 077
mkdir -p "$BACKUP_DIR"

# A stopped stack's Postgres is started for the dump and stopped again afterwards.
started_postgres=''
work=$(mktemp -d "${TMPDIR:-/tmp}/radio-backup-XXXXXX")
cleanup() {
  local rc=$?
  set +e
  rm -rf "$work"
  [ -z "$started_postgres" ] || "$ROOT/scripts/postgres.sh" stop
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

[ -f "$DATA_DIR/postgres/data/PG_VERSION" ] || die "no database in $DATA_DIR: nothing to back up"
mkdir -p "$RUN_DIR"
exec 9>"$RUN_DIR/up.lock"
if flock -n 9; then
  # Stopped: the lock keeps a `make up` from starting while its Postgres is borrowed here.
  say "the stack is stopped: starting its Postgres for the dump"
  started_postgres=1
  "$ROOT/scripts/postgres.sh" start
else
  exec 9>&-
  port_in_use "$POSTGRES_PORT" || die "the stack on $DATA_DIR is starting or stopping: try again in a moment"
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
name="radio-backup-$stamp.tar"
say "dumping the database $POSTGRES_DB"
PGPASSWORD=$POSTGRES_PASSWORD "$(pg_bin pg_dump)" -h 127.0.0.1 -p "$POSTGRES_PORT" \
  -U "$POSTGRES_USER" -d "$POSTGRES_DB" --format=custom --no-owner --no-acl \
  -f "$work/database.dump" || die "pg_dump failed"
migration=$(PGPASSWORD=$POSTGRES_PASSWORD "$(pg_bin psql)" -X -A -t -h 127.0.0.1 -p "$POSTGRES_PORT" \
  -U "$POSTGRES_USER" -d "$POSTGRES_DB" \
  -c 'select name from kysely_migration order by name desc limit 1' 2>/dev/null) || migration=''

# The folders go into the archive after the dump (see above), by links that tar follows.
# Storage's own staging folder of unfinished uploads is left out.
mkdir -p "$work/files"
add_folder() {
  local label=$1 dir=$2
  [ -n "$dir" ] && [ -d "$dir" ] || return 0
  ln -s "$dir" "$work/files/$label"
}
if [ "${STORAGE_DRIVER:-local}" = local ]; then
  add_folder storage "$STORAGE_DIR"
else
  warn "STORAGE_DRIVER=$STORAGE_DRIVER: the bucket ${S3_BUCKET:-} is not in this backup (copy it with the bucket's own tools, e.g. mc mirror)"
fi
add_folder library "${LIBRARY_DIR:-}"
add_folder request-library "${REQUEST_LIBRARY_DIR:-}"
[ ! -f "$ENV_FILE" ] || cp "$ENV_FILE" "$work/env"

{
  echo "radio-backup 1"
  echo "created: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "database: $POSTGRES_DB"
  echo "migration: ${migration:-unknown}"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  for label in storage library request-library; do
    [ ! -d "$work/files/$label" ] ||
      echo "files/$label: $(find -L "$work/files/$label" -type f -not -path '*/.incoming/*' | wc -l) files"
  done
} >"$work/MANIFEST"

say "writing the archive"
members=(MANIFEST database.dump files)
[ ! -f "$work/env" ] || members+=(env)
# GNU tar exits 1 when a file changed while it was read (a library file being written): the
# archive is still good, that file may be cut short.
rc=0
tar -C "$work" --dereference --exclude=files/storage/.incoming -cf "$BACKUP_DIR/.$name.partial" \
  "${members[@]}" || rc=$?
[ $rc -le 1 ] || { rm -f "$BACKUP_DIR/.$name.partial"; die "tar failed (exit $rc)"; }
[ $rc = 0 ] || warn "a file changed while it was copied (see above); the rest of the backup is complete"
mv "$BACKUP_DIR/.$name.partial" "$BACKUP_DIR/$name"
ok "backup written: $BACKUP_DIR/$name ($(du -h "$BACKUP_DIR/$name" | cut -f1)); restore it with: make restore BACKUP=$BACKUP_DIR/$name"
