#!/usr/bin/env bash
# `make restore BACKUP=file`: puts an archive of scripts/backup.sh back into a stopped or fresh
# native stack (DATA_DIR and the folders of the current settings): the database (pg_restore of its
# dump), the stored objects (STORAGE_DIR), the library folders (LIBRARY_DIR, REQUEST_LIBRARY_DIR).
#   - A running stack is never touched: stop it first.
#   - A stack that has data already (a database with tables, or files in those folders) is only
#     replaced with OVERWRITE=1: its database and folders are emptied first and Redis's files
#     (caches, queued jobs of the old data) deleted.
#   - The archive's settings file is put in place when ENV_FILE does not exist (a fresh machine);
#     otherwise the current one stays and a differing INTERNAL_TOKEN or SESSION_SECRET is named.
# The next `make up` migrates the restored database when the backup is older than the code.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

archive=${BACKUP:-${1:-}}
[ -n "$archive" ] || die "usage: make restore BACKUP=backups/radio-backup-….tar [OVERWRITE=1]"
case $archive in /*) ;; *) archive="$PWD/$archive" ;; esac
[ -f "$archive" ] || die "no such backup: $archive"

work=$(mktemp -d "${TMPDIR:-/tmp}/radio-restore-XXXXXX")
started_postgres=''
cleanup() {
  local rc=$?
  set +e
  rm -rf "$work"
  [ -z "$started_postgres" ] || "$ROOT/scripts/postgres.sh" stop
  [ $rc = 0 ] || printf 'restore failed: the stack may hold part of the backup; run the restore again with OVERWRITE=1\n' >&2
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "reading $archive"
tar -C "$work" -xf "$archive" MANIFEST database.dump 2>/dev/null ||
  die "$archive is not a backup of this platform (no MANIFEST and database.dump inside)"
head -n 1 "$work/MANIFEST" | grep -qx 'radio-backup 1' || die "$archive: unknown backup format"
sed 's/^/    /' "$work/MANIFEST" >&2
# A backup of a newer version than this checkout has tables its code does not know.
saved_migration=$(sed -n 's/^migration: //p' "$work/MANIFEST")
newest=$(ls "$ROOT/packages/db/src/migrations" | sed -n 's/\.ts$//p' | sort | tail -n 1)
if [[ $saved_migration != unknown && -n $newest && $saved_migration > $newest ]]; then
  warn "the backup comes from a newer version (migration $saved_migration; this checkout's newest is $newest): restore it with that version"
fi

# The settings: the archive's when this machine has none yet.
resolve_env_file
if [ ! -f "$ENV_FILE" ] && tar -C "$work" -xf "$archive" env 2>/dev/null; then
  (umask 077 && cp "$work/env" "$ENV_FILE")
  ok "settings restored to $ENV_FILE"
fi
load_config
require_secrets
if [ -f "$work/env" ] || tar -C "$work" -xf "$archive" env 2>/dev/null; then
  for name in INTERNAL_TOKEN SESSION_SECRET; do
    saved=$(grep -E "^$name=" "$work/env" | tail -n 1 | cut -d= -f2-) || saved=''
    [ -z "$saved" ] || [ "$saved" = "${!name}" ] ||
      warn "$name differs from the backup's: $( [ $name = INTERNAL_TOKEN ] && echo "file links signed before the backup no longer open (the queue signs new ones)" || echo "everyone has to log in again")"
  done
fi

mkdir -p "$DATA_DIR" "$RUN_DIR"
exec 9>"$RUN_DIR/up.lock"
flock -n 9 || die "the stack on $DATA_DIR is running: stop it (Ctrl-C) first; a restore replaces its data"

folders=(storage "$STORAGE_DIR" library "${LIBRARY_DIR:-}" request-library "${REQUEST_LIBRARY_DIR:-}")
[ "${STORAGE_DRIVER:-local}" = local ] ||
  warn "STORAGE_DRIVER=$STORAGE_DRIVER: the backup's stored objects are not put into the bucket (copy them with the bucket's own tools)"

psql_as_owner() {
  PGPASSWORD=$POSTGRES_PASSWORD "$(pg_bin psql)" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$POSTGRES_PORT" \
    -U "$POSTGRES_USER" -d "$POSTGRES_DB" "$@"
}

started_postgres=1
"$ROOT/scripts/postgres.sh" start
tables=$(psql_as_owner -A -t -c "select count(*) from pg_tables where schemaname = 'public'")
has_files=''
for ((i = 0; i < ${#folders[@]}; i += 2)); do
  dir=${folders[i + 1]}
  [ "${STORAGE_DRIVER:-local}" = local ] || [ "${folders[i]}" != storage ] || continue
  [ -z "$dir" ] || [ -z "$(ls -A "$dir" 2>/dev/null)" ] || has_files="$has_files $dir"
done
if [ "$tables" != 0 ] || [ -n "$has_files" ]; then
  [ "${OVERWRITE:-}" = 1 ] || die "the stack on $DATA_DIR has data already (${tables} tables${has_files:+; files in$has_files}).
  To replace it with the backup: make restore BACKUP=$archive OVERWRITE=1"
  warn "OVERWRITE=1: replacing the data of $DATA_DIR"
fi

say "restoring the database $POSTGRES_DB"
# The owner of the database owns its public schema: emptying it needs no superuser.
psql_as_owner -c 'drop schema if exists public cascade' -c 'create schema public'
PGPASSWORD=$POSTGRES_PASSWORD "$(pg_bin pg_restore)" -h 127.0.0.1 -p "$POSTGRES_PORT" \
  -U "$POSTGRES_USER" -d "$POSTGRES_DB" --no-owner --no-acl --exit-on-error "$work/database.dump" ||
  die "pg_restore failed (see above)"
restored=$(psql_as_owner -A -t -c 'select count(*) from users')
ok "database restored: $restored users"

for ((i = 0; i < ${#folders[@]}; i += 2)); do
  label=${folders[i]} dir=${folders[i + 1]}
  [ "${STORAGE_DRIVER:-local}" = local ] || [ "$label" != storage ] || continue
  if ! tar -tf "$archive" "files/$label/" >/dev/null 2>&1; then continue; fi
  [ -n "$dir" ] || { warn "the backup has files/$label but its folder is not set here: skipped"; continue; }
  say "restoring $label into $dir"
  mkdir -p "$dir"
  find "$dir" -mindepth 1 -delete
  tar -C "$dir" --strip-components=2 -xf "$archive" "files/$label/"
done
if [ -n "$(ls -A "$DATA_DIR/redis" 2>/dev/null)" ]; then
  # Queued jobs and caches of the replaced data must not act on the restored one.
  rm -f "$DATA_DIR/redis/"*.rdb "$DATA_DIR/redis/"*.aof
  rm -rf "$DATA_DIR/redis/appendonlydir"
fi
ok "restored $archive into $DATA_DIR: start the stack with make up"
