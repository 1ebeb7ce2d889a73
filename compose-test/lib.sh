#!/usr/bin/env bash
# What the Docker tests share (sourced by compose-test/run.sh and compose-test/swarm/run.sh): the
# tools, a private engine, the stand-ins for the official base images, the test's settings and
# the project's images. Each function works on the engine of DOCKER_HOST with the client DOCKER.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HERE=$ROOT/compose-test
CACHE=${COMPOSE_TEST_CACHE:-/var/cache/radio-compose-test}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

t0=$(date +%s%N)
step() {
  local tenths=$((($(date +%s%N) - t0) / 100000000))
  printf '\n==> [%d.%ds] %s\n' $((tenths / 10)) $((tenths % 10)) "$*" >&2
}
die() { echo "error: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (it installs packages and starts a Docker engine)"

# docker.io, debootstrap, jq from apt (if missing); compose v2 + buildx (and the docker client,
# for `docker stack`) from Debian 13's .debs into the private DOCKER_CONFIG (trixie is never added
# to the host's apt sources). Sets STACK_CLI.
ct_tools() {
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
}

# A private dockerd in this network namespace (own data-root, exec-root and socket, no
# iptables/forwarding changes) on DOCKER_HOST, its files in the folder $1. Sets dockerd_pid.
ct_engine() {
  local dir=$1
  mkdir -p "$dir"
  dockerd --data-root "$dir/root" --exec-root "$dir/exec" --pidfile "$dir/docker.pid" \
    --host "$DOCKER_HOST" --iptables=false --ip6tables=false --ip-forward=false --ip 127.0.0.1 \
    --bridge none --storage-driver overlay2 >"$dir/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 100); do "$DOCKER" version >/dev/null 2>&1 && break; sleep 0.2; done
  "$DOCKER" version >/dev/null || { tail -20 "$dir/dockerd.log" >&2; die "dockerd did not start"; }
}

# Stand-ins for the official base images the files name (no Docker Hub here), built from a
# debootstrap'd Debian, only when the name is not in the engine's store; each of those names must
# be pinned to a version. Sets BASE_IMAGES, STANDINS, OLD_MINIO_IMAGE.
ct_standins() {
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
}

# The test's .env in $WORK/env (not the repository's): fresh secrets, short demo songs, a quick
# library scan, the gateway's origin on port $1. scale.mjs asks the test to act (kill a copy,
# scale down, upgrade) by a file in $signals; each is answered with <name>.done holding the time
# (ms) it was done (done_at).
ct_env() {
  local port=$1
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
  signals=$WORK/signals
  mkdir -p "$signals" && chmod 777 "$signals"
  echo "COMPOSE_TEST_SIGNALS=$signals" >>"$WORK/env"
  printf 'RADIO_ENV_FILE=%s\nDOCKER_SUBNET=172.30.177.0/24\nDOCKER_IP_RANGE=172.30.177.128/25\nGATEWAY_IP=172.30.177.10\n' "$WORK/env" >>"$WORK/env"
  # The gateway's open-files limit cannot exceed this shell's (a sandbox may cap it below 65536).
  [ "$(ulimit -Hn)" = unlimited ] || [ "$(ulimit -Hn)" -ge 65536 ] || echo "GATEWAY_MAX_FILES=$(ulimit -Hn)" >>"$WORK/env"
  grep -q '^COMPOSE_PROFILES=' "$WORK/env" || echo 'COMPOSE_PROFILES=builtin' >>"$WORK/env"
}
secret() { head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 32; }
done_at() { date +%s%3N >"$signals/$1.done.tmp" && mv "$signals/$1.done.tmp" "$signals/$1.done"; }

# The project's images from its own Dockerfiles (with `compose`), the previous run's images
# loaded first as the build cache, saved again when they changed.
PROJECT_IMAGES=(radio-node:local radio-station:local radio-gateway:local)
ct_project_images() {
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
}
