#!/usr/bin/env bash
# `make test-compose`: the compose stack (docker-compose.yml) run for real on a private Docker
# engine, checked through the gateway as a user would, then removed again.
#   1. tools: docker.io, debootstrap, jq from apt (if missing); compose v2 + buildx (and the
#      docker client, for `docker stack config` only) from Debian 13's .debs into a private
#      DOCKER_CONFIG (trixie is never added to the host's apt sources)
#   2. a private dockerd (own data-root, exec-root and socket, no iptables/forwarding changes)
#   3. stand-ins for the official base images the files name (no Docker Hub here), built from a
#      debootstrap'd Debian, only when the name is not in the engine's store; each of those
#      names must be pinned to a version
#   4. the Swarm rendering checked; the project's images from its own Dockerfiles, `up -d --wait`,
#      compose-test/smoke.mjs; requests scaled to COMPOSE_TEST_SCALE (3) copies and
#      compose-test/scale.mjs; scripts/compose-upgrade.sh with a failing and a good new version;
#      scripts/migrate-minio.sh moving a MinIO volume's objects into Garage
#      (compose-test/migration.mjs)
#   5. always (trap EXIT): compose down -v, the engine stopped, its data-root removed
# What is expensive is kept between runs in COMPOSE_TEST_CACHE (default
# /var/cache/radio-compose-test): the compose/buildx binaries, the Debian rootfs, the saved
# stand-in images. Delete that folder for a cold run.
set -euo pipefail
set -euo pipefail
# shellcheck source=compose-test/lib.sh
. "$(dirname "$0")/lib.sh"
SCALE=${COMPOSE_TEST_SCALE:-3}

WORK=$(mktemp -d /var/tmp/radio-compose-test.XXXXXX)
ENGINE=$WORK/engine
export DOCKER_HOST=unix://$ENGINE/docker.sock DOCKER_CONFIG=$WORK/docker-config
export COMPOSE_PROJECT_NAME=radio-compose-test
DOCKER=/usr/bin/docker
dockerd_pid=
COMPOSE_CMD=("$DOCKER" compose --project-directory "$ROOT" -f "$ROOT/docker-compose.yml"
  -f "$HERE/docker-compose.test.yml" --env-file "$WORK/env")
compose() { "${COMPOSE_CMD[@]}" "$@"; }

cleanup() {
  local status=$?
  set +e
  trap - EXIT INT TERM
  if [ -n "$dockerd_pid" ] && kill -0 "$dockerd_pid" 2>/dev/null; then
    if [ $status != 0 ] && [ -f "$WORK/env" ]; then
      compose --profile builtin ps -a 2>/dev/null | tail -n +1 >&2
      compose --profile builtin logs --no-color --tail 30 2>/dev/null | tail -200 >&2
      # What the failing healthchecks said.
      for id in $("$DOCKER" ps -q --filter health=unhealthy); do
        "$DOCKER" inspect -f '{{.Name}}: {{range .State.Health.Log}}{{.ExitCode}} {{.Output}}; {{end}}' "$id" >&2
      done
    fi
    step "removing the stack (containers, volumes, networks) and stopping the engine"
    [ -f "$WORK/env" ] && compose --profile builtin --profile smoke down -v --remove-orphans --timeout 5 >/dev/null 2>&1
    kill "$dockerd_pid"
    for _ in $(seq 50); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$dockerd_pid" 2>/dev/null
  fi
  # Mounts the engine may have left under its folders.
  grep -F " $WORK/" /proc/mounts | cut -d' ' -f2 | sort -r | xargs -r -n1 umount -l 2>/dev/null
  rm -rf "$WORK"
  step "done (exit $status)"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- 1. tools -----------------------------------------------------------------------------------
step "tools"
ct_tools

# --- 2. the engine ------------------------------------------------------------------------------
step "private Docker engine in $ENGINE"
ct_engine "$ENGINE"

# --- 3. stand-ins for the official base images --------------------------------------------------
ct_standins

# --- 4. the stack -------------------------------------------------------------------------------
step "settings (.env of the test, not the repository's)"
# The gateway's host port is an ephemeral one (docker-compose.test.yml); HTTP_PORT only names
# the origin the smoke checks send.
ct_env 8080

step "the Swarm rendering (scripts/stack-deploy.sh --render) is a file docker stack deploy accepts"
COMPOSE_ENV_FILES=$WORK/env "$ROOT/scripts/stack-deploy.sh" --render >"$WORK/stack.json"
"$STACK_CLI" stack config -c "$WORK/stack.json" >"$WORK/stack.yml"
echo "ok   $(jq '.services | length' "$WORK/stack.json") services; replicas, rolling updates and placement as rendered: $(
  jq -c '[.services | to_entries[] | select(.value.deploy.update_config.order == "start-first") | .key]' "$WORK/stack.json")" >&2
jq -e '[.services[] | .networks | has("backend")] | all' "$WORK/stack.json" >/dev/null ||
  die "a service of the rendered stack is not on the backend network: $(jq -c '[.services | to_entries[] | select(.value.networks | has("backend") | not) | .key]' "$WORK/stack.json")"

ct_project_images
step "up -d --wait"
compose up -d --wait --no-build --quiet-pull
compose ps --format '{{.Service}}: {{.Status}}' >&2

# The bucket as the services reach it (docker-compose.yml's settings of uploads), for the checks
# that compare what was stored.
mapfile -t BUCKET_ENV < <(compose config --format json | jq -r '.services.uploads.environment
  | to_entries[] | select(.key | startswith("S3_")) | "-e", "\(.key)=\(.value)"')

step "smoke checks through the gateway"
compose run --rm -T "${BUCKET_ENV[@]}" smoke
published=$(compose port gateway 8080)
curl -fsS -o /dev/null "http://$published/" && echo "ok   the gateway's published port $published serves the SPA" >&2

if [ "$SCALE" -gt 1 ]; then
  step "requests scaled to $SCALE copies: exact-N, kill -9 of a copy under load, back to one"
  compose up -d --wait --no-build --no-recreate --scale "requests=$SCALE"
  compose run --rm -T scale > >(tee "$WORK/scale.log") 2>&1 &
  scale_pid=$!
  while kill -0 "$scale_pid" 2>/dev/null; do
    if [ -f "$signals/kill-copy" ] && [ ! -f "$signals/kill-copy.done" ]; then
      # The process of copy 2, killed as a crash would: Docker's restart policy brings it back.
      victim=$("$DOCKER" ps -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" \
        --filter label=com.docker.compose.service=requests --filter label=com.docker.compose.container-number=2)
      pid=$("$DOCKER" inspect -f '{{.State.Pid}}' "$victim")
      kill -9 "$pid"
      done_at kill-copy
      echo "killed requests copy 2 (pid $pid) with SIGKILL" >&2
    fi
    if [ -f "$signals/scale-down" ] && [ ! -f "$signals/scale-down.done" ]; then
      # How the gateway spread the calls so far: the API calls each copy logged.
      spread=$(compose logs --no-color requests 2>/dev/null | grep -F '"url":"/api/' |
        sed -E 's/^[^a-z]*(requests-[0-9]+).*/\1/' | sort | uniq -c | awk '{printf "%s %s, ", $2, $1}')
      echo "API calls per copy through the gateway: ${spread%, }" >&2
      compose up -d --no-build --no-deps --no-recreate --scale requests=1 requests 2>&1 | tail -3 >&2
      done_at scale-down
      echo "scaled requests back to 1 copy" >&2
    fi
    sleep 0.1
  done
  wait "$scale_pid" || die "scale-out checks failed"
fi
step "upgrade: a version whose migration fails is stopped with its reason"
current=$("$DOCKER" image inspect -f '{{.Id}}' radio-node:local)
"$DOCKER" tag radio-node:local radio-node:previous
running_images() { # the image of every running Node service container
  for id in $(compose ps -q auth requests playlist uploads worker); do "$DOCKER" inspect -f '{{.Image}}' "$id"; done | sort -u
}
next_version() { # folder: radio-node:local plus the files in it, as the "new version"
  "$DOCKER" build -q --network none -t radio-node:local "$1" >/dev/null
}
mkdir -p "$WORK/broken"
cp "$HERE/upgrade/broken-migration.ts" "$WORK/broken/"
printf 'FROM radio-node:previous\nCOPY broken-migration.ts /app/packages/db/src/migrations/2999-01-01T00-00-00_broken.ts\n' >"$WORK/broken/Dockerfile"
next_version "$WORK/broken"
upgrade() { COMPOSE="${COMPOSE_CMD[*]}" SKIP_BUILD=1 "$ROOT/scripts/compose-upgrade.sh"; }
if upgrade >"$WORK/upgrade-broken.log" 2>&1; then cat "$WORK/upgrade-broken.log" >&2; die "an upgrade with a failing migration went on"; fi
grep -q 'UPGRADE STOPPED' "$WORK/upgrade-broken.log" || die "the stopped upgrade does not say so"
grep -q 'already exists' "$WORK/upgrade-broken.log" || { cat "$WORK/upgrade-broken.log" >&2; die "the stopped upgrade does not give the reason"; }
[ "$(running_images)" = "$current" ] || die "services were replaced although the migration failed"
grep -E 'broken|already exists|STOPPED' "$WORK/upgrade-broken.log" | sed 's/^/     /' >&2
echo "ok   the failing migration stopped the upgrade with its reason; every service still runs the previous image" >&2

step "upgrade to a new version under load: migrated once, services replaced one at a time"
mkdir -p "$WORK/next"
printf 'FROM radio-node:previous\nLABEL org.opencontainers.image.version=next\n' >"$WORK/next/Dockerfile"
next_version "$WORK/next"
next=$("$DOCKER" image inspect -f '{{.Id}}' radio-node:local)
compose run --rm -T -e PHASE=upgrade scale > >(tee "$WORK/upgrade-load.log") 2>&1 &
load_pid=$!
for _ in $(seq 600); do [ -f "$signals/upgrade" ] && break; sleep 0.1; done
[ -f "$signals/upgrade" ] || die "the load did not start"
upgrade_started=$(date +%s%3N)
gateway_before=$(compose ps -q gateway)
upgrade 2>&1 | tee "$WORK/upgrade.log" | while read -r line; do printf '[%s] %s\n' "$(date +%T.%3N)" "$line"; done | grep -E '\] (==>|.*(Recreat|Start|Stop))' >&2
done_at upgrade
wait "$load_pid" || die "answers during the upgrade were not all good"
[ "$(running_images)" = "$next" ] || die "not every service runs the new image after the upgrade"
[ "$(compose ps -q gateway)" = "$gateway_before" ] && gateway_note="the gateway kept running" || gateway_note="the gateway was recreated"
echo "ok   upgraded in $((($(date +%s%3N) - upgrade_started) / 1000)) s; every Node service runs the new image; $gateway_note" >&2

step "from MinIO to Garage: scripts/migrate-minio.sh moves a station's old volume"
# What a station that ran MinIO has: its objects in the volume `storage`, written by the MinIO
# image still in its Docker store. Here: what the checks above stored, and more, put there through
# that image's stand-in; then Garage's volume goes, as if it had never run.
old_minio=$("$DOCKER" run -d --network "${COMPOSE_PROJECT_NAME}_backend" --network-alias old-minio \
  -v "${COMPOSE_PROJECT_NAME}_storage:/data" -e MINIO_ROOT_USER -e MINIO_ROOT_PASSWORD "$OLD_MINIO_IMAGE")
compose run --rm -T "${BUCKET_ENV[@]}" -e PHASE=seed -e MINIO_ENDPOINT=http://old-minio:9000 \
  -e MINIO_ROOT_USER -e MINIO_ROOT_PASSWORD migration
"$DOCKER" rm -f "$old_minio" >/dev/null
compose rm -sf s3 >/dev/null 2>&1
"$DOCKER" volume rm "${COMPOSE_PROJECT_NAME}_s3-data" >/dev/null
if upgrade >"$WORK/upgrade-minio.log" 2>&1; then cat "$WORK/upgrade-minio.log" >&2; die "an upgrade went on with the files in MinIO's volume"; fi
grep -q 'scripts/migrate-minio.sh' "$WORK/upgrade-minio.log" || { cat "$WORK/upgrade-minio.log" >&2; die "the stopped upgrade does not name scripts/migrate-minio.sh"; }
echo "ok   scripts/compose-upgrade.sh stops while the files are in MinIO's volume, naming scripts/migrate-minio.sh" >&2
migrate() { # log
  COMPOSE="${COMPOSE_CMD[*]}" ENV_FILE=$WORK/env SKIP_BUILD=1 "$ROOT/scripts/migrate-minio.sh" >"$1" 2>&1 ||
    { tail -40 "$1" >&2; die "scripts/migrate-minio.sh failed"; }
  grep -E '^(==>|done:)' "$1" | sed 's/^/     /' >&2
}
migration_started=$(date +%s%3N)
migrate "$WORK/migrate.log"
echo "ok   migrated in $((($(date +%s%3N) - migration_started) / 1000)) s (stack stopped, copied, compared, started)" >&2
compose run --rm -T "${BUCKET_ENV[@]}" -e PHASE=check migration
migrate "$WORK/migrate-again.log"
grep -q ', 0 copied by this run' "$WORK/migrate-again.log" || die "running scripts/migrate-minio.sh again copied objects again"
echo "ok   a second run copies nothing and compares every object again" >&2

step "all checks passed"
