#!/usr/bin/env bash
# Deploys the stack on a Docker Swarm: docker-compose.yml with docker-compose.swarm.yml on top,
# rendered by Compose (variables from .env, the active profiles) into the file format `docker
# stack deploy` reads, which lacks a few of Compose's keys: start order (depends_on), profiles
# and the project name go; published ports become numbers; unset values are left out.
#   scripts/stack-deploy.sh [STACK]        deploy or update (default stack name: radio)
#   scripts/stack-deploy.sh --render       print the rendered file only
# Needs docker (with the compose plugin) and jq, on a Swarm manager, in the checkout with .env.
# The images must be where every node can pull them: IMAGE_PREFIX (a registry) and IMAGE_TAG,
# built and pushed first (`docker compose build && docker compose push`, see the README).
set -euo pipefail
cd "$(dirname "$0")/.."
render() {
  docker compose -f docker-compose.yml -f docker-compose.swarm.yml config --format json |
    jq 'walk(if type == "object" then with_entries(select(.value != null)) else . end)
      | del(.name, .services[].depends_on, .services[].profiles)
      | .services |= map_values(if .ports then .ports |= map(.published |= tonumber) else . end)'
}
if [ "${1:-}" = --render ]; then
  render
  exit 0
fi
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 1; }
render | docker stack deploy --with-registry-auth --detach=false -c - "${1:-radio}"
