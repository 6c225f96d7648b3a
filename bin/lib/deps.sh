# Installs node_modules when package-lock.json changed, and builds dist/.
# `npm install` with the committed lock, not `npm ci`: the registry reachable here lacks some
# other platforms' optional binaries (e.g. @swc/core-darwin-arm64 at the locked version), and
# npm ci refuses a lock without them (docs/decisions.md).
ensure_node_modules() {
  local root="$1" stamp="$1/node_modules/.lock-hash" hash
  hash=$(sha256sum "$root/package-lock.json" | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
    echo "-> installing npm packages" >&2
    (cd "$root" && npm install --no-audit --no-fund --loglevel=error) || return 1
    hash=$(sha256sum "$root/package-lock.json" | cut -d' ' -f1)
    echo "$hash" > "$stamp"
  fi
}

build_project() {
  local root="$1"
  echo "-> compiling TypeScript" >&2
  (cd "$root" && ./node_modules/.bin/tsc -p tsconfig.build.json) || { echo "build failed" >&2; return 1; }
}
