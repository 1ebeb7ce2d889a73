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
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/compose-test
CACHE=${COMPOSE_TEST_CACHE:-/var/cache/radio-compose-test}
SCALE=${COMPOSE_TEST_SCALE:-3}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

t0=$(date +%s%N)
step() {
  local tenths=$((($(date +%s%N) - t0) / 100000000))
  printf '\n==> [%d.%ds] %s\n' $((tenths / 10)) $((tenths % 10)) "$*" >&2
}
die() { echo "error: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (it installs packages and starts a Docker engine)"

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
mkdir -p "$CACHE"
if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null || ! command -v jq >/dev/null || [ ! -x "$DOCKER" ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker.io debootstrap jq >/dev/null ||
    { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker.io debootstrap jq >/dev/null; }
fi
PLUGINS=$CACHE/cli-plugins
# Debian 13's docker client too, only for `docker stack config` (Debian 12's 20.10 lacks it).
STACK_CLI=$CACHE/docker-cli-trixie
if [ ! -x "$PLUGINS/docker-compose" ] || [ ! -x "$PLUGINS/docker-buildx" ] || [ ! -x "$STACK_CLI" ]; then
  apt_dir=$CACHE/apt-trixie
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/debs" "$PLUGINS"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $MIRROR trixie main" >"$apt_dir/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=)
  apt-get "${apt_opts[@]}" update >/dev/null
  (cd "$apt_dir/debs" && apt-get "${apt_opts[@]}" download docker-compose docker-buildx docker-cli >/dev/null)
  for deb in "$apt_dir"/debs/*.deb; do dpkg-deb -x "$deb" "$apt_dir/x"; done
  cp "$(find "$apt_dir/x" -path '*cli-plugins/docker-compose' | head -1)" "$PLUGINS/docker-compose"
  cp "$(find "$apt_dir/x" -path '*cli-plugins/docker-buildx' | head -1)" "$PLUGINS/docker-buildx"
  cp "$(find "$apt_dir/x" -path '*/usr/bin/docker' | head -1)" "$STACK_CLI"
  chmod 755 "$PLUGINS"/* "$STACK_CLI"
  rm -rf "$apt_dir/x" "$apt_dir/lists"
fi
mkdir -p "$DOCKER_CONFIG"
ln -s "$PLUGINS" "$DOCKER_CONFIG/cli-plugins"
"$DOCKER" compose version >&2

# --- 2. the engine ------------------------------------------------------------------------------
step "private Docker engine in $ENGINE"
mkdir -p "$ENGINE"
dockerd --data-root "$ENGINE/root" --exec-root "$ENGINE/exec" --pidfile "$ENGINE/docker.pid" \
  --host "$DOCKER_HOST" --iptables=false --ip6tables=false --ip-forward=false --ip 127.0.0.1 \
  --bridge none --storage-driver overlay2 >"$WORK/dockerd.log" 2>&1 &
dockerd_pid=$!
for _ in $(seq 100); do "$DOCKER" version >/dev/null 2>&1 && break; sleep 0.2; done
"$DOCKER" version >/dev/null || { tail -20 "$WORK/dockerd.log" >&2; die "dockerd did not start"; }

# --- 3. stand-ins for the official base images --------------------------------------------------
# The base images the project's files name: image: lines of the compose files and FROM lines of
# the Dockerfiles (not our own radio-* images, not build stages). Each must be pinned to a version
# (README: where each image comes from), and gets the stand-in of the folder named like its
# repository (dxflrs/garage: garage/), built FROM the Debian or the Node one.
mapfile -t BASE_IMAGES < <({
  sed -n 's/^ *image: *\([a-z0-9./-]*:[^ ]*\) *$/\1/p' "$ROOT"/docker-compose*.yml
  sed -n 's/^FROM \([a-z0-9./-]*:[^ ]*\).*/\1/p' "$ROOT"/Dockerfile "$ROOT"/*/Dockerfile
} | sort -u)
for image in "${BASE_IMAGES[@]}"; do
  [[ ${image#*:} =~ ^v?[0-9]+\.[0-9]+|^[a-z]+-20[0-9]{6}- ]] || die "$image is not pinned to a version"
done
echo "ok   every base image is pinned: ${BASE_IMAGES[*]}" >&2
DEBIAN_IMAGE=$(printf '%s\n' "${BASE_IMAGES[@]}" | grep '^debian:')
NODE_IMAGE=$(printf '%s\n' "${BASE_IMAGES[@]}" | grep '^node:')
[ "$(wc -l <<<"$DEBIAN_IMAGE")" = 1 ] && [ "$(wc -l <<<"$NODE_IMAGE")" = 1 ] ||
  die "the Dockerfiles name several Debian or Node images: ${BASE_IMAGES[*]}"
# The image a station that ran MinIO still has (the name the compose file used), for the check of
# scripts/migrate-minio.sh.
OLD_MINIO_IMAGE=minio/minio:latest
STANDINS=("${BASE_IMAGES[@]}" "$OLD_MINIO_IMAGE")

has() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }
standin_hash=$( (cd "$HERE/stand-ins" && find . -type f | sort | xargs sha256sum; "$ROOT/.tools/bin/node" --version
  printf '%s\n' "${STANDINS[@]}") | sha256sum | cut -c1-16)
standin_tar=$CACHE/stand-ins-$standin_hash.tar
if [ -f "$standin_tar" ]; then
  step "stand-in base images from the cache"
  "$DOCKER" load -q -i "$standin_tar" >/dev/null
fi
build_standin() { # name folder
  has "$1" && return 0
  "$DOCKER" build -q --network host --secret id=ca,src="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" \
    --build-arg "DEBIAN=$DEBIAN_IMAGE" --build-arg "NODE=$NODE_IMAGE" -t "$1" "$2" >/dev/null
}
export DOCKER_BUILDKIT=1
built=0
if ! has "$DEBIAN_IMAGE"; then
  step "$DEBIAN_IMAGE stand-in (debootstrap)"
  rootfs_tar=$CACHE/debian-bookworm-minbase.tar
  if [ ! -f "$rootfs_tar" ]; then
    rootfs=$WORK/rootfs
    debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >/dev/null
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" -cf "$rootfs_tar.tmp" . && mv "$rootfs_tar.tmp" "$rootfs_tar"
    rm -rf "$rootfs"
  fi
  "$DOCKER" import -c 'CMD ["bash"]' -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$rootfs_tar" "$DEBIAN_IMAGE" >/dev/null
  built=1
fi
if ! has "$NODE_IMAGE"; then
  step "$NODE_IMAGE stand-in"
  ctx=$WORK/node-context
  mkdir -p "$ctx"
  cp "$HERE/stand-ins/node/Dockerfile" "$ctx/"
  cp "$(readlink -f "$ROOT/.tools/bin/node")" "$ctx/node"
  npm_tgz=$CACHE/npm-10.9.2.tgz
  [ -f "$npm_tgz" ] || curl -fsSL -o "$npm_tgz" https://registry.npmjs.org/npm/-/npm-10.9.2.tgz
  mkdir -p "$ctx/npm" && tar -xzf "$npm_tgz" -C "$ctx/npm" --strip-components=1
  build_standin "$NODE_IMAGE" "$ctx"
  built=1
fi
for name in "${STANDINS[@]}"; do
  has "$name" && continue
  folder=$HERE/stand-ins/$(basename "${name%%:*}")
  [ -d "$folder" ] || die "no stand-in for $name (compose-test/stand-ins/$(basename "${name%%:*}")/)"
  step "$name stand-in"
  build_standin "$name" "$folder"
  built=1
done
if [ $built = 1 ]; then
  step "saving the stand-ins to the cache"
  rm -f "$CACHE"/stand-ins-*.tar
  "$DOCKER" save -o "$standin_tar.tmp" "${STANDINS[@]}" && mv "$standin_tar.tmp" "$standin_tar"
fi

# --- 4. the stack -------------------------------------------------------------------------------
step "settings (.env of the test, not the repository's)"
secret() { head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 32; }
# The gateway's host port is an ephemeral one (docker-compose.test.yml); HTTP_PORT only names
# the origin the smoke checks send.
port=8080
sed -e "s|^HTTP_PORT=.*|HTTP_PORT=$port|" \
  -e "s|^ADMIN_PASSWORD=.*|ADMIN_PASSWORD=$(secret)|" -e "s|^SESSION_SECRET=.*|SESSION_SECRET=$(secret)$(secret)|" \
  -e "s|^INTERNAL_TOKEN=.*|INTERNAL_TOKEN=$(secret)|" -e "s|^STATION_API_KEY=.*|STATION_API_KEY=$(secret)|" -e "s|^POSTGRES_PASSWORD=.*|POSTGRES_PASSWORD=$(secret)|" \
  -e "s|^ICECAST_SOURCE_PASSWORD=.*|ICECAST_SOURCE_PASSWORD=$(secret)|" -e "s|^ICECAST_ADMIN_PASSWORD=.*|ICECAST_ADMIN_PASSWORD=$(secret)|" \
  -e "s|^GARAGE_RPC_SECRET=.*|GARAGE_RPC_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')|" -e "s|^DEMO_TRACK_SECONDS=.*|DEMO_TRACK_SECONDS=8|" \
  -e "s|^PUBLIC_ORIGIN=.*|PUBLIC_ORIGIN=http://localhost:$port|" \
  -e "s|^LIBRARY_SCAN_MINUTES=.*|LIBRARY_SCAN_MINUTES=0.1|" \
  "$ROOT/.env.example" >"$WORK/env"
# Like a station that ran MinIO: its root key in .env and no S3_SECRET_KEY yet, so Garage's key
# is MinIO's root password (the compose file's fallback) until scripts/migrate-minio.sh writes it
# down as S3_SECRET_KEY.
export MINIO_ROOT_USER=radio MINIO_ROOT_PASSWORD=$(secret)
printf 'MINIO_ROOT_USER=%s\nMINIO_ROOT_PASSWORD=%s\n' "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >>"$WORK/env"
# scale.mjs asks run.sh to act (kill a copy, scale down, upgrade) by a file in $signals; each is
# answered with <name>.done holding the time (ms) it was done.
signals=$WORK/signals
mkdir -p "$signals" && chmod 777 "$signals"
done_at() { date +%s%3N >"$signals/$1.done.tmp" && mv "$signals/$1.done.tmp" "$signals/$1.done"; }
echo "COMPOSE_TEST_SIGNALS=$signals" >>"$WORK/env"
printf 'RADIO_ENV_FILE=%s\nDOCKER_SUBNET=172.30.177.0/24\nDOCKER_IP_RANGE=172.30.177.128/25\nGATEWAY_IP=172.30.177.10\n' "$WORK/env" >>"$WORK/env"
# The gateway's open-files limit cannot exceed this shell's (a sandbox may cap it below 65536).
[ "$(ulimit -Hn)" = unlimited ] || [ "$(ulimit -Hn)" -ge 65536 ] || echo "GATEWAY_MAX_FILES=$(ulimit -Hn)" >>"$WORK/env"
grep -q '^COMPOSE_PROFILES=' "$WORK/env" || echo 'COMPOSE_PROFILES=builtin' >>"$WORK/env"

step "the Swarm rendering (scripts/stack-deploy.sh --render) is a file docker stack deploy accepts"
COMPOSE_ENV_FILES=$WORK/env "$ROOT/scripts/stack-deploy.sh" --render >"$WORK/stack.json"
"$STACK_CLI" stack config -c "$WORK/stack.json" >"$WORK/stack.yml"
echo "ok   $(jq '.services | length' "$WORK/stack.json") services; replicas, rolling updates and placement as rendered: $(
  jq -c '[.services | to_entries[] | select(.value.deploy.update_config.order == "start-first") | .key]' "$WORK/stack.json")" >&2

PROJECT_IMAGES=(radio-node:local radio-station:local radio-gateway:local)
project_tar=$CACHE/project-images.tar
if [ -f "$project_tar" ]; then
  step "the previous run's project images from the cache (build cache only)"
  "$DOCKER" load -q -i "$project_tar" >/dev/null || rm -f "$project_tar"
fi
image_ids() { "$DOCKER" image inspect -f '{{.Id}}' "${PROJECT_IMAGES[@]}" 2>/dev/null || true; }
before=$(image_ids)
step "building the project's images (Dockerfile, gateway/Dockerfile, station/Dockerfile)"
compose build -q migrate gateway library-init
after=$(image_ids)
if [ "$after" != "$before" ]; then
  step "saving the project images to the cache (the next run's build cache): $(echo $after | cut -c8-19)"
  "$DOCKER" save -o "$project_tar.tmp" "${PROJECT_IMAGES[@]}" && mv "$project_tar.tmp" "$project_tar"
fi
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
