#!/usr/bin/env bash
# Deletes DATA_DIR (Postgres, Redis, stored files, logs) of a stack that is not running.
# .env stays: the next `make up` makes a new database with the same secrets and admin.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
load_config
[ -d "$DATA_DIR" ] || { say "nothing to delete: $DATA_DIR does not exist"; exit 0; }
if [ -f "$RUN_DIR/up.lock" ]; then
  exec 9>"$RUN_DIR/up.lock"
  flock -n 9 || die "the stack is running on $DATA_DIR: stop it (Ctrl-C) first"
fi
rm -rf "$DATA_DIR"
ok "deleted $DATA_DIR"
