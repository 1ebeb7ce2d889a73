#!/usr/bin/env bash
# Upgrades a running Docker Compose stack to the version checked out here, keeping the site up:
#   1. builds the new images (the running containers keep the old ones);
#   2. migrates the database once, with the new image's one-shot `migrate`. If a migration fails,
#      its reason is printed and nothing else happens: the migrations run in one transaction, so
#      the database stays as it was, and every service keeps running the old version;
#   3. replaces the Node services one at a time: new copies start next to the old ones (as many
#      as run now), and only when they are healthy are the old ones stopped (SIGTERM: they finish
#      what they are answering). The gateway follows the copies through Docker's DNS, so requests
#      keep being answered throughout;
#   4. then the gateway and the built-in station, only where their image is new (Liquidsoap
#      also when its STATION_API_KEY is not the one in .env): a gateway restart is a second or
#      two (the TLS proxy in front retries, see the README), a station restart a break in the
#      stream. Postgres, Redis and Garage (s3) are left alone (their images are upgraded on
#      purpose, not by this); settings changed in .env: `docker compose up -d`.
# A station whose files are still in MinIO's volume is stopped before anything happens: that move
# is scripts/migrate-minio.sh, with the stack stopped.
# Usage, in the checkout on the server, after `git pull`:
#   scripts/compose-upgrade.sh
# COMPOSE overrides the compose command (default: docker compose); SKIP_BUILD=1 uses images
# already built or loaded.
set -euo pipefail
read -r -a COMPOSE <<<"${COMPOSE:-docker compose}"
ROLLING=(auth requests playlist uploads worker)
compose() { "${COMPOSE[@]}" "$@"; }
say() { printf '==> %s\n' "$*" >&2; }

# Secrets this version needs and .env lacks (STATION_API_KEY) are generated first.
root=$(cd "$(dirname "$0")/.." && pwd)
[ ! -f "${ENV_FILE:-$root/.env}" ] || "$root/scripts/ensure-env.sh"

project=$(compose config | sed -n 's/^name: //p')
if docker volume inspect "${project}_storage" >/dev/null 2>&1 &&
  ! docker volume inspect "${project}_s3-data" >/dev/null 2>&1; then
  say "UPGRADE STOPPED: the files are still in MinIO's volume ${project}_storage; this version keeps them in Garage. Run scripts/migrate-minio.sh (README: Production, From MinIO to Garage)."
  exit 1
fi

if [ "${SKIP_BUILD:-}" != 1 ]; then
  say "building the new images"
  compose build
fi

say "migrating the database (the one-shot migrate of the new image)"
if ! output=$(compose run --rm --no-deps -T migrate 2>&1); then
  printf '%s\n' "$output" >&2
  say "UPGRADE STOPPED: the migration failed (reason above). The database is unchanged and the site runs on the previous version; fix the cause, then run this again."
  exit 1
fi
printf '%s\n' "$output" | tail -1 >&2

for service in "${ROLLING[@]}"; do
  mapfile -t old < <(compose ps -q "$service")
  count=${#old[@]}
  if [ "$count" = 0 ]; then
    say "$service: not running, started"
    compose up -d --no-deps --wait "$service"
    continue
  fi
  say "$service: $count new $([ "$count" = 1 ] && echo copy || echo copies) next to the old, then the old stopped"
  compose up -d --no-deps --no-recreate --wait --scale "$service=$((count * 2))" "$service"
  docker stop --time 30 "${old[@]}" >/dev/null
  docker rm "${old[@]}" >/dev/null
  # The next copies started may get the addresses just freed: first let the gateway's DNS
  # answers (kept 2 s) that still name them for this service run out.
  sleep 3
done

# Compose would recreate these because their dependencies were replaced; only a new image is a
# reason to restart the stream or the gateway, or for Liquidsoap another key than the services
# now check (STATION_API_KEY: new in .env with the upgrade to it).
station_key=$(compose config | sed -n "s/^ *STATION_API_KEY: *['\"]\{0,1\}\([^'\"]*\).*/\1/p" | head -n 1)
other_key() {
  [ "$1" = liquidsoap ] &&
    ! docker inspect -f '{{join .Config.Env "\n"}}' "$2" | grep -qxF "STATION_API_KEY=$station_key"
}
for service in $(compose config --services | grep -xE 'gateway|icecast|liquidsoap|filler'); do
  id=$(compose ps -q "$service")
  if [ -n "$id" ] && [ "$(docker inspect -f '{{.Image}}' "$id")" = \
    "$(docker image inspect -f '{{.Id}}' "$(docker inspect -f '{{.Config.Image}}' "$id")")" ] &&
    ! other_key "$service" "$id"; then
    say "$service: same image, left running"
    continue
  fi
  say "$service: new image (or Liquidsoap's key), recreated"
  compose up -d --no-deps --wait --force-recreate "$service"
done
compose ps --format '{{.Service}}: {{.Status}}' >&2
say "upgrade done"
