#!/usr/bin/env bash
# Makes .tools/bin hold a Node >= 22 (a project-local Node 24 LTS from the npm registry when the
# system one is older) and the pinned pnpm. Idempotent and quick when already done.
set -euo pipefail
cd "$(dirname "$0")/.."
TOOLS="$PWD/.tools"
NODE_MAJOR=24
PNPM_VERSION=$(sed -n 's/.*"packageManager": "pnpm@\([^"]*\)".*/\1/p' package.json)
mkdir -p "$TOOLS/bin"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ ! -x "$TOOLS/bin/node" ]; then
  system_node=$(command -v node || true)
  if [ -n "$system_node" ] && [ "$(node_major "$system_node")" -ge 22 ]; then
    ln -sf "$system_node" "$TOOLS/bin/node"
  else
    case "$(uname -m)" in
      x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported CPU $(uname -m)" >&2; exit 1 ;;
    esac
    echo "System Node is older than 22: installing Node $NODE_MAJOR LTS into .tools/node" >&2
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$NODE_MAJOR" >/dev/null)
    rm -rf "$TOOLS/node" && mkdir -p "$TOOLS/node"
    tar xzf "$tmp"/node-linux-*.tgz -C "$TOOLS/node" --strip-components=1
    rm -rf "$tmp"
    ln -sf "$TOOLS/node/bin/node" "$TOOLS/bin/node"
  fi
fi

if [ ! -f "$TOOLS/pnpm/package.json" ] || [ "$(sed -n 's/.*"version": "\([^"]*\)".*/\1/p' "$TOOLS/pnpm/package.json" | head -1)" != "$PNPM_VERSION" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "pnpm@$PNPM_VERSION" >/dev/null)
  rm -rf "$TOOLS/pnpm" && mkdir -p "$TOOLS/pnpm"
  tar xzf "$tmp"/pnpm-*.tgz -C "$TOOLS/pnpm" --strip-components=1
  rm -rf "$tmp"
fi
cat > "$TOOLS/bin/pnpm" <<SH
#!/bin/sh
exec "$TOOLS/bin/node" "$TOOLS/pnpm/bin/pnpm.cjs" "\$@"
SH
chmod +x "$TOOLS/bin/pnpm"
