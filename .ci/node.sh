#!/usr/bin/env bash
# Sourced by .ci/run: puts the Node.js LTS pinned in .node-version first on PATH.
# A machine whose node is another major gets the official binary from the npm registry
# (package node-linux-<arch>, which also carries the headers that native addons build against).
want=$(cat "$(dirname "${BASH_SOURCE[0]}")/../.node-version")
have=$(node -p 'process.versions.node' 2>/dev/null || echo none)
if [ "${have%%.*}" != "${want%%.*}" ]; then
  arch=$(uname -m); case "$arch" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; esac
  # as root, a shared location other users can reach (tests run the server as `nobody`)
  if [ "$(id -u)" = 0 ]; then base=/usr/local/lib/belote-node; else base="${XDG_CACHE_HOME:-$HOME/.cache}/belote-node"; fi
  dir="$base/$want-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$want" >/dev/null)
    mkdir -p "$dir" && tar xzf "$tmp"/node-linux-*.tgz -C "$dir" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  # build native addons (better-sqlite3) against this node's headers, not the system node's
  export npm_config_nodedir="$dir"
fi
echo "node $(node -v) at $(command -v node)"
