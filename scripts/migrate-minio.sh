#!/usr/bin/env bash
# Moves a station's files from MinIO, compose's object storage before Garage, into Garage (the
# service s3). MinIO keeps objects in a format of its own (xl.meta and part files), so nothing is
# copied as files: the MinIO image the station ran serves its old volume once more, and every
# object is copied S3 to S3 and compared afterwards:
#   1. the settings Garage needs are added to .env (scripts/ensure-env.sh: GARAGE_RPC_SECRET, and
#      MINIO_ROOT_PASSWORD as S3_SECRET_KEY), and the new images are built;
#   2. the stack is stopped (`down`, volumes kept; the old minio containers go too);
#   3. the old volume (`storage`) is copied into a scratch volume: MinIO does not start on a
#      read-only drive, and the original is only ever mounted read-only, so it stays as it was;
#   4. Garage starts, and the old MinIO image serves the copy on the stack's network;
#   5. packages/storage/src/copy-bucket-cli.ts, in the uploads image with the uploads service's
#      settings, copies every object of the bucket S3_BUCKET and then compares each one (size,
#      type, SHA-256);
#   6. the temporary MinIO and the scratch volume are removed and the stack is started.
# Safe to run again: an interrupted run goes on where it stopped, a finished one copies nothing
# and compares everything again. Once the station works, remove the old volume yourself:
# `docker volume rm <project>_storage`.
# Usage, in the checkout on the server, after `git pull`:  scripts/migrate-minio.sh
# Needs docker with the compose plugin and jq. COMPOSE overrides the compose command (default:
# docker compose), ENV_FILE the settings file; MINIO_IMAGE the old image (default: the image of
# the old minio container, else minio/minio:latest, the name the compose file used); SKIP_BUILD=1
# uses images already built.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
read -r -a COMPOSE <<<"${COMPOSE:-docker compose}"
compose() { "${COMPOSE[@]}" "$@"; }
command -v jq >/dev/null || die "jq is needed: apt-get install jq"

"$ROOT/scripts/ensure-env.sh"
resolve_env_file
load_env_file "$ENV_FILE"
[ -n "${MINIO_ROOT_USER:-}" ] && [ -n "${MINIO_ROOT_PASSWORD:-}" ] ||
  die "MINIO_ROOT_USER and MINIO_ROOT_PASSWORD, the old MinIO's key, are not in $ENV_FILE"

config=$(compose config --format json)
project=$(jq -r .name <<<"$config")
network=$(jq -r .networks.backend.name <<<"$config")
node_image=$(jq -r .services.uploads.image <<<"$config")
old_volume=${project}_storage
scratch=${project}_minio-migration
minio=${project}-minio-migration
docker volume inspect "$old_volume" >/dev/null 2>&1 || die "there is no volume $old_volume: nothing to move"

image=${MINIO_IMAGE:-}
if [ -z "$image" ]; then
  mapfile -t old < <(docker ps -aq --filter "label=com.docker.compose.project=$project" \
    --filter label=com.docker.compose.service=minio)
  [ ${#old[@]} = 0 ] || image=$(docker inspect -f '{{.Config.Image}}' "${old[0]}")
fi
image=${image:-minio/minio:latest}
docker image inspect "$image" >/dev/null 2>&1 ||
  die "the MinIO image $image is not in this machine's Docker: it is no longer on Docker Hub. Load a saved copy (docker load), or name another MinIO image with MINIO_IMAGE=..."

if [ "${SKIP_BUILD:-}" != 1 ]; then
  say "building the new images (the stack runs on meanwhile)"
  compose build
fi

say "stopping the stack (its volumes stay)"
compose down --remove-orphans

trap 'docker rm -f "$minio" >/dev/null 2>&1 || true' EXIT
if ! docker run --rm -v "$scratch:/scratch" --entrypoint test "$node_image" -f /scratch/complete; then
  say "copying the volume $old_volume (read-only) into $scratch"
  docker run --rm --user 0 -v "$old_volume:/from:ro" -v "$scratch:/scratch" --entrypoint sh "$node_image" \
    -c 'rm -rf /scratch/copy && cp -a /from/. /scratch/copy && touch /scratch/complete'
fi

say "starting Garage (s3), and $image on the copy"
compose up -d --wait s3
docker rm -f "$minio" >/dev/null 2>&1 || true
docker run -d --name "$minio" --network "$network" --network-alias minio-migration \
  -v "$scratch:/data" -e MINIO_ROOT_USER -e MINIO_ROOT_PASSWORD "$image" server /data/copy >/dev/null

say "copying the bucket ${S3_BUCKET:-radio} into Garage and comparing every object"
export SOURCE_S3_ENDPOINT=http://minio-migration:9000 SOURCE_S3_ACCESS_KEY=$MINIO_ROOT_USER \
  SOURCE_S3_SECRET_KEY=$MINIO_ROOT_PASSWORD
if ! compose run --rm --no-deps -T -e SOURCE_S3_ENDPOINT -e SOURCE_S3_ACCESS_KEY -e SOURCE_S3_SECRET_KEY \
  uploads node packages/storage/src/copy-bucket-cli.ts; then
  docker logs --tail 20 "$minio" >&2 || true
  die "the copy did not finish (reason above); the stack stays stopped. Run this again to go on."
fi

docker rm -f "$minio" >/dev/null
docker volume rm "$scratch" >/dev/null
say "starting the stack"
compose up -d --wait
ok "moved: every object is in Garage. Once the station works: docker volume rm $old_volume"
