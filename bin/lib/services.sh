# PostgreSQL, Redis and the Temporal CLI: use what answers, else install what is missing.

is_root() { [ "$(id -u)" = 0 ]; }

apt_install() {
  is_root || { echo "please install: $* (needs root for apt-get)" >&2; return 1; }
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >&2 && APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

# curl is what the README tour (and a developer) calls the api with; a fresh Debian lacks it.
ensure_curl() {
  command -v curl >/dev/null && return 0
  echo "-> curl is missing (the README tour uses it); installing it with apt" >&2
  apt_install curl ca-certificates || echo "-> could not install curl; the api runs, the README tour needs curl" >&2
}

# HAProxy, the balancer of bin/up --cluster in front of its two api processes.
ensure_haproxy() {
  command -v haproxy >/dev/null && return 0
  echo "-> HAProxy is missing (bin/up --cluster balances its api processes with it); installing it with apt" >&2
  apt_install haproxy
}

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

wait_port() { # host port seconds what
  local i
  for ((i = 0; i < $3 * 5; i++)); do port_open "$1" "$2" && return 0; sleep 0.2; done
  echo "$4 did not open $1:$2 within $3 s" >&2; return 1
}

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

ensure_postgres() {
  if port_open 127.0.0.1 5432; then return 0; fi
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "-> PostgreSQL is not answering on 127.0.0.1:5432; installing it with apt" >&2
    apt_install postgresql || return 1
  fi
  local version; version=$(ls /etc/postgresql | sort -V | tail -1)
  local hba="/etc/postgresql/$version/main/pg_hba.conf"
  if is_root && ! grep -q "project: trust loopback" "$hba"; then
    # Local development only: trust connections from this machine, as the project's URLs expect.
    sed -i '1i # project: trust loopback\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 2>/dev/null || pg_ctlcluster "$version" main reload >&2 || true
  wait_port 127.0.0.1 5432 20 PostgreSQL
}

ensure_redis() {
  if port_open 127.0.0.1 6379; then return 0; fi
  command -v redis-server >/dev/null || { echo "-> Redis is not answering on 127.0.0.1:6379; installing it with apt" >&2; apt_install redis-server || return 1; }
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp >&2
  wait_port 127.0.0.1 6379 10 Redis
}

TEMPORAL_CLI_VERSION=v1.5.1

# Prints the path of a Temporal CLI: on PATH, built before, or built now with go install.
ensure_temporal_cli() {
  local root="$1" candidate
  for candidate in "$(command -v temporal 2>/dev/null)" "$root/.tools/bin/temporal" "${GOBIN:-$HOME/go/bin}/temporal"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  mkdir -p "$root/.tools/bin"
  if command -v go >/dev/null; then
    echo "-> building the Temporal CLI $TEMPORAL_CLI_VERSION with go install (a few minutes, once)" >&2
    if GOBIN="$root/.tools/bin" go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION" >&2; then
      echo "$root/.tools/bin/temporal"; return 0
    fi
  fi
  echo "-> go install failed or Go is missing; trying the official release download" >&2
  local url="https://temporal.download/cli/archive/latest?platform=linux&arch=amd64"
  if curl -fsSL "$url" -o "$root/.tools/temporal.tgz" && tar xzf "$root/.tools/temporal.tgz" -C "$root/.tools/bin" temporal; then
    echo "$root/.tools/bin/temporal"; return 0
  fi
  echo "no Temporal CLI: install Go (apt-get install golang) or put 'temporal' on PATH" >&2
  return 1
}

SEARCH_ATTRIBUTES=(TenantId=Keyword IntegrationId=Keyword WebhookId=Keyword EventType=Keyword DeliveryState=Keyword OperationType=Keyword)

# The dev server's SQLite and dynamic config, tuned for throughput on a small machine
# (docs/decisions.md, "Temporal dev server settings"): WAL without fsync (a power cut may lose
# the last moments of development state; production runs Temporal on PostgreSQL), the search
# attribute cache read from memory, and activities handed to the worker in the workflow task's
# answer when it asks (eager execution).
DEV_SERVER_TUNING=(
  --sqlite-pragma journal_mode=wal
  --sqlite-pragma synchronous=off
  --dynamic-config-value system.forceSearchAttributesCacheRefreshOnRead=false
  --dynamic-config-value system.enableActivityEagerExecution=true
)

# start_temporal CLI GRPC_PORT UI_PORT DB_FILE LOG_FILE -> sets TEMPORAL_PID
# Waits while the server lives (up to 180 s: a first start on a loaded machine creates its SQLite
# schema slowly); a server that exits is reported at once with its log's last lines. The dev
# server takes its HTTP, metrics and internal ports at random, so an exit can be a lost race for
# one of them: it is started again (three tries), on the same gRPC port.
start_temporal() {
  local cli="$1" port="$2" ui="$3" db="$4" log="$5" args=("${DEV_SERVER_TUNING[@]}") try i
  for sa in "${SEARCH_ATTRIBUTES[@]}"; do args+=(--search-attribute "$sa"); done
  if [ "$ui" = none ]; then args+=(--headless); else args+=(--ui-port "$ui"); fi
  # The dev server's own UI takes a codec endpoint but not includeCredentials: an operator turns
  # on "Include cross-origin credentials" in its Codec Server settings (docs/operating.md).
  if [ "$ui" != none ] && [ -n "${TEMPORAL_CODEC_ENDPOINT:-}" ]; then args+=(--ui-codec-endpoint "$TEMPORAL_CODEC_ENDPOINT"); fi
  for try in 1 2 3; do
    "$cli" server start-dev --ip 127.0.0.1 --port "$port" --db-filename "$db" --log-level warn "${args[@]}" >"$log" 2>&1 &
    TEMPORAL_PID=$!
    for ((i = 0; i < 900; i++)); do
      port_open 127.0.0.1 "$port" && return 0
      kill -0 "$TEMPORAL_PID" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$TEMPORAL_PID" 2>/dev/null; then
      echo "Temporal dev server did not open 127.0.0.1:$port within 180 s; the end of its log ($log):" >&2
      tail -20 "$log" >&2; return 1
    fi
    echo "Temporal dev server exited before opening 127.0.0.1:$port (try $try of 3); the end of its log ($log):" >&2
    tail -20 "$log" >&2
  done
  return 1
}
