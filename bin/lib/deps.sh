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

# build_project ROOT [OUT]: compiles into ROOT/dist, or into OUT (a test run's own build, so two
# runs in one checkout never read each other's half-written files; the code finds it by DIST_DIR).
build_project() {
  local root="$1" out="${2:-$1/dist}"
  echo "-> compiling TypeScript into $out" >&2
  (cd "$root" && ./node_modules/.bin/tsc -p tsconfig.build.json --outDir "$out" \
    && ./node_modules/.bin/tsc -p src/widget/client/tsconfig.json --outDir "$out/widget" \
    && cp src/widget/client/frame.html src/widget/client/frame.css "$out/widget/" \
    && node "$out/src/cli/bundle-workflows.js") || { echo "build failed" >&2; return 1; }
}

# build_client ROOT OUT: the TypeScript client (clients/typescript, a package of its own) built
# with its own tsconfig into OUT (a test run's own copy: dist/index.js and its declarations);
# its tests load the built package from there (CLIENT_DIST_DIR).
build_client() {
  local root="$1" out="$2"
  echo "-> compiling the TypeScript client (clients/typescript) into $out" >&2
  (cd "$root" && ./node_modules/.bin/tsc -p clients/typescript/tsconfig.json --outDir "$out") || { echo "client build failed" >&2; return 1; }
}

# Headless Chromium for the widget's browser tests (driven by playwright-core): Debian's
# package, installed when missing (playwright's own browser download is not used).
ensure_chromium() {
  local chromium="${CHROMIUM_PATH:-/usr/bin/chromium}" sudo=
  [ -x "$chromium" ] && return 0
  if ! command -v apt-get >/dev/null; then
    echo "Chromium is missing at $chromium and apt-get is not here: install Chromium and set CHROMIUM_PATH" >&2
    return 1
  fi
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "-> installing Chromium (Debian package chromium) for the browser tests" >&2
  if ! { $sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null; } \
    || [ ! -x "$chromium" ]; then
    echo "could not install Chromium (apt-get install chromium failed); the widget's browser tests need it at $chromium (or CHROMIUM_PATH)" >&2
    return 1
  fi
}
