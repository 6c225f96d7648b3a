# The Temporal cluster of `bin/up --cluster`: the server built from source with go install and
# cached in .tools/temporal-server/<version>/, Temporal's own databases and role on the machine's
# PostgreSQL, the versioned schema applied by Temporal's SQL tool, and frontend, history,
# matching and worker as four processes from deploy/temporal/ (docs/decisions.md, "A Temporal
# cluster on this machine"), each connection mutual TLS with the cluster's certificates
# (use_temporal_certs). Needs services.sh (port_open, wait_port) and tls.sh.

# One pin for the local cluster and docker-compose: the version its temporalio/server image names.
temporal_server_version() {
  sed -n 's/^ *image: *temporalio\/server:\([0-9][0-9.]*\).*/\1/p' "$1/docker-compose.yml" | head -1
}

# The UI server's version, likewise from the temporalio/ui image.
temporal_ui_version() {
  sed -n 's/^ *image: *temporalio\/ui:\([0-9][0-9.]*\).*/\1/p' "$1/docker-compose.yml" | head -1
}

# go_install_to DIR NAME PACKAGE@VERSION: builds into a scratch GOBIN and moves the binary into
# DIR as NAME only once it is whole (an interrupted build leaves nothing half-written).
go_install_to() {
  local dir="$1" name="$2" package="$3" tmp
  mkdir -p "$dir"
  tmp=$(mktemp -d "$dir/.build.XXXXXX")
  if ! GOBIN="$tmp" GOFLAGS=-buildvcs=false go install "$package" >&2; then rm -rf "$tmp"; rmdir "$dir" 2>/dev/null; return 1; fi
  mv "$tmp/$(basename "${package%@*}")" "$dir/$name"
  rm -rf "$tmp"
}

# ensure_temporal_server ROOT -> sets TEMPORAL_SERVER_DIR, holding temporal-server and
# temporal-sql-tool of the pinned version (the tool carries the version's SQL schemas inside).
ensure_temporal_server() {
  local root="$1" version
  version=$(temporal_server_version "$root")
  [ -n "$version" ] || { echo "docker-compose.yml names no temporalio/server:<version>" >&2; return 1; }
  TEMPORAL_SERVER_VERSION="v$version"
  TEMPORAL_SERVER_DIR="$root/.tools/temporal-server/$TEMPORAL_SERVER_VERSION"
  if [ -x "$TEMPORAL_SERVER_DIR/temporal-server" ] && [ -x "$TEMPORAL_SERVER_DIR/temporal-sql-tool" ]; then return 0; fi
  command -v go >/dev/null || { echo "the Temporal server is built with Go: install it (apt-get install golang) or put go on PATH" >&2; return 1; }
  echo "-> building Temporal server $TEMPORAL_SERVER_VERSION and its SQL schema tool with go install (about five minutes, once; cached in .tools/temporal-server/)" >&2
  go_install_to "$TEMPORAL_SERVER_DIR" temporal-server "go.temporal.io/server/cmd/server@$TEMPORAL_SERVER_VERSION" || return 1
  go_install_to "$TEMPORAL_SERVER_DIR" temporal-sql-tool "go.temporal.io/server/cmd/tools/sql@$TEMPORAL_SERVER_VERSION" || return 1
}

# ensure_temporal_ui ROOT -> prints the path of the UI server of the pinned version, built
# once; prints nothing (and says why on stderr) when it cannot be built.
ensure_temporal_ui() {
  local root="$1" version dir
  version=$(temporal_ui_version "$root")
  [ -n "$version" ] || { echo "-> docker-compose.yml names no temporalio/ui:<version>; no Temporal UI" >&2; return 0; }
  dir="$root/.tools/temporal-server/ui-v$version"
  if [ ! -x "$dir/temporal-ui-server" ]; then
    echo "-> building the Temporal UI server v$version with go install (once)" >&2
    go_install_to "$dir" temporal-ui-server "github.com/temporalio/ui-server/v2/cmd/server@v$version" \
      || { echo "-> the Temporal UI server did not build; the cluster runs without its UI" >&2; return 0; }
  fi
  echo "$dir/temporal-ui-server"
}

PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}

# Temporal's role and its two databases on the machine's PostgreSQL, apart from the project's:
# the role owns them and nothing else. TEMPORAL_DB_PASSWORD comes from .env.
ensure_temporal_databases() {
  local db
  psql "$PG_ADMIN_URL" -v ON_ERROR_STOP=1 -q -v user="$TEMPORAL_DB_USER" -v password="$TEMPORAL_DB_PASSWORD" <<'SQL' >/dev/null
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'user', :'password')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user') \gexec
SELECT format('ALTER ROLE %I LOGIN PASSWORD %L', :'user', :'password') \gexec
SQL
  for db in "$TEMPORAL_DB_NAME" "$TEMPORAL_VISIBILITY_DB_NAME"; do
    psql "$PG_ADMIN_URL" -v ON_ERROR_STOP=1 -q -v db="$db" -v user="$TEMPORAL_DB_USER" <<'SQL' >/dev/null
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db') \gexec
SQL
  done
}

# apply_temporal_schema LOG: each database's schema to the newest version of the built server.
# setup-schema writes the version tables at 0.0 on a fresh database and leaves a newer one
# alone; update-schema applies the versioned steps past the recorded version (none on a re-run).
apply_temporal_schema() {
  local log="$1" pair db schema
  for pair in "$TEMPORAL_DB_NAME:postgresql/v12/temporal" "$TEMPORAL_VISIBILITY_DB_NAME:postgresql/v12/visibility"; do
    db=${pair%%:*}; schema=${pair#*:}
    # The connection in the environment, not on the command line (ps shows arguments).
    if ! SQL_PLUGIN=postgres12 SQL_HOST=$TEMPORAL_DB_HOST SQL_PORT=$TEMPORAL_DB_PORT SQL_USER=$TEMPORAL_DB_USER \
      SQL_PASSWORD=$TEMPORAL_DB_PASSWORD SQL_DATABASE=$db \
      bash -c '"$1" --plugin postgres12 setup-schema -v 0.0 && "$1" --plugin postgres12 update-schema --schema-name "$2"' _ \
      "$TEMPORAL_SERVER_DIR/temporal-sql-tool" "$schema" >>"$log" 2>&1; then
      echo "the schema of $db did not apply (log: $log)" >&2; return 1
    fi
  done
}

# The server's config, relative to the checkout (--root), and its environment (the file's name):
# docker-compose.yml mounts the same directory at the same place under its root.
TEMPORAL_CONFIG_DIR=deploy/temporal/config
TEMPORAL_CONFIG_ENV=production

# The cluster's ports: frontend on TEMPORAL_PORT (what the project's processes call), the others
# fixed in deploy/temporal/config/production.yaml; each process's metrics on its own port.
TEMPORAL_CLUSTER_PORTS=(7234 7235 7239 6933 6934 6935 6939)
declare -A TEMPORAL_METRICS_PORTS=([frontend]=9701 [history]=9702 [matching]=9703 [worker]=9704)
# Database connections per process: history does most of the writes (deploy/temporal/README.md).
declare -A TEMPORAL_DB_CONNS=([frontend]=4 [history]=16 [matching]=4 [worker]=2)

export_temporal_db_env() {
  export TEMPORAL_DB_HOST=${TEMPORAL_DB_HOST:-127.0.0.1} TEMPORAL_DB_PORT=${TEMPORAL_DB_PORT:-5432}
  export TEMPORAL_DB_USER=${TEMPORAL_DB_USER:-temporal} TEMPORAL_DB_NAME=${TEMPORAL_DB_NAME:-temporal}
  export TEMPORAL_VISIBILITY_DB_NAME=${TEMPORAL_VISIBILITY_DB_NAME:-temporal_visibility}
  export TEMPORAL_FRONTEND_ADDRESS="127.0.0.1:$TEMPORAL_PORT"
}

# use_temporal_certs DIR: the cluster's certificates in DIR, made or renewed as needed
# (bin/lib/tls.sh), then exported: the services' directory (TEMPORAL_TLS_DIR, which
# deploy/temporal/config/production.yaml reads) and what the project's processes, bin/ctl and the
# temporal CLI present to the frontend (TEMPORAL_TLS_CA, _CERT, _KEY, _SERVER_NAME).
use_temporal_certs() {
  ensure_temporal_certs "$1"
  export TEMPORAL_TLS_DIR="$1/server"
  export_temporal_client_tls "$1"
}

# start_temporal_service ROOT LOG_DIR SERVICE: one service as its own process -> appends its pid
# to TEMPORAL_CLUSTER_PIDS.
start_temporal_service() {
  local root="$1" logs="$2" service="$3"
  TEMPORAL_METRICS_PORT=${TEMPORAL_METRICS_PORTS[$service]} TEMPORAL_DB_MAX_CONNS=${TEMPORAL_DB_CONNS[$service]} \
    "$TEMPORAL_SERVER_DIR/temporal-server" --root "$root" --config "$TEMPORAL_CONFIG_DIR" --env "$TEMPORAL_CONFIG_ENV" --allow-no-auth \
    start --service="$service" >>"$logs/$service.log" 2>&1 &
  TEMPORAL_CLUSTER_PIDS+=($!)
}

# start_temporal_cluster ROOT LOG_DIR: databases, schema, then the four services -> sets
# TEMPORAL_CLUSTER_PIDS. History first (on a fresh database the first service writes the
# cluster's metadata), matching and frontend next, the worker service last: started together,
# the worker service lost the race for that first write and exited.
start_temporal_cluster() {
  local root="$1" logs="$2" port
  TEMPORAL_CLUSTER_PIDS=()
  [ -f "${TEMPORAL_TLS_DIR:-}/frontend.crt" ] || { echo "the cluster's certificates are missing: use_temporal_certs DIR first" >&2; return 1; }
  export_temporal_db_env
  for port in "$TEMPORAL_PORT" "${TEMPORAL_CLUSTER_PORTS[@]}" "${TEMPORAL_METRICS_PORTS[@]}"; do
    if port_open 127.0.0.1 "$port"; then
      echo "127.0.0.1:$port is in use: a Temporal server (bin/up's dev server, or a cluster of another bin/up --cluster) already runs; stop it first" >&2
      return 1
    fi
  done
  mkdir -p "$logs"
  echo "-> Temporal's databases ($TEMPORAL_DB_NAME, $TEMPORAL_VISIBILITY_DB_NAME, role $TEMPORAL_DB_USER) and schema $TEMPORAL_SERVER_VERSION" >&2
  ensure_temporal_databases || return 1
  apply_temporal_schema "$logs/schema.log" || return 1
  echo "-> starting the Temporal cluster $TEMPORAL_SERVER_VERSION: history, matching, frontend, worker (logs: ${logs#"$root"/}/)" >&2
  start_temporal_service "$root" "$logs" history
  wait_port 127.0.0.1 7234 90 "Temporal history (log: $logs/history.log)" || return 1
  start_temporal_service "$root" "$logs" matching
  start_temporal_service "$root" "$logs" frontend
  wait_port 127.0.0.1 7235 90 "Temporal matching (log: $logs/matching.log)" || return 1
  wait_port 127.0.0.1 "$TEMPORAL_PORT" 90 "Temporal frontend (log: $logs/frontend.log)" || return 1
  start_temporal_service "$root" "$logs" worker
  # The worker service serves no gRPC; its membership port opens once it has joined the cluster.
  wait_port 127.0.0.1 6939 90 "Temporal worker service (log: $logs/worker.log)" || return 1
}

# start_temporal_ui ROOT BINARY UI_PORT LOG -> sets TEMPORAL_UI_PID: the Web UI on the frontend
# of TEMPORAL_PORT (the cluster's, or the dev server's under bin/up), from
# deploy/temporal/ui/production.yaml: it decodes payloads at TEMPORAL_CODEC_ENDPOINT with the
# browser's credentials (the support console's session). On the cluster (TEMPORAL_TLS_DIR set) it
# presents its own client certificate; the dev server is plaintext.
start_temporal_ui() {
  local root="$1" binary="$2" port="$3" log="$4" certs="" ca="" cert="" key="" name=""
  if [ -n "${TEMPORAL_TLS_DIR:-}" ]; then
    certs="$(dirname "$TEMPORAL_TLS_DIR")/ui"
    ca="$certs/ca.crt" cert="$certs/client.crt" key="$certs/client.key" name="${TEMPORAL_TLS_SERVER_NAME:-temporal-frontend}"
  fi
  TEMPORAL_ADDRESS="127.0.0.1:$TEMPORAL_PORT" TEMPORAL_UI_PORT="$port" TEMPORAL_CODEC_ENDPOINT="${TEMPORAL_CODEC_ENDPOINT:-}" \
    TEMPORAL_TLS_CA="$ca" TEMPORAL_TLS_CERT="$cert" TEMPORAL_TLS_KEY="$key" TEMPORAL_TLS_SERVER_NAME="$name" \
    "$binary" --root "$root" --config deploy/temporal/ui --env production start >>"$log" 2>&1 &
  TEMPORAL_UI_PID=$!
  wait_port 127.0.0.1 "$port" 30 "Temporal UI (log: $log)"
}

# start_bench_temporal ROOT RUN CLUSTER TEMPORAL_CLI -> sets TEMPORAL_PIDS and exports
# TEMPORAL_ADDRESS and BENCH_TEMPORAL_PIDS for a benchmark: with CLUSTER non-empty, the cluster of
# `bin/up --cluster` (issue 26 item 7) on the machine's PostgreSQL (fsync on), role temporal_bench,
# databases temporal_bench and temporal_bench_visibility dropped and created fresh, ports
# 7233-7239 (nothing else may hold them), mutual TLS with this run's certificates, and
# BENCH_TEMPORAL_SETUP=1 (the benchmark registers the namespace and search attributes);
# else a dev server on a free port. Needs services.sh, dotenv.sh, tls.sh.
start_bench_temporal() {
  local root="$1" run="$2" cluster="$3" cli="$4" db
  if [ -n "$cluster" ]; then
    ensure_env_secrets .env TEMPORAL_DB_PASSWORD >/dev/null
    load_dotenv .env
    ensure_temporal_server "$root"
    export TEMPORAL_PORT=7233 TEMPORAL_DB_USER=temporal_bench TEMPORAL_DB_NAME=temporal_bench TEMPORAL_VISIBILITY_DB_NAME=temporal_bench_visibility
    export TEMPORAL_ADDRESS=127.0.0.1:$TEMPORAL_PORT
    use_temporal_certs "$run/temporal-tls"
    for db in "$TEMPORAL_DB_NAME" "$TEMPORAL_VISIBILITY_DB_NAME"; do
      psql "$PG_ADMIN_URL" -q -v ON_ERROR_STOP=1 -c "drop database if exists $db with (force)" >/dev/null
    done
    start_temporal_cluster "$root" "$run/temporal-cluster" || { TEMPORAL_PIDS=("${TEMPORAL_CLUSTER_PIDS[@]}"); return 1; }
    TEMPORAL_PIDS=("${TEMPORAL_CLUSTER_PIDS[@]}")
    export BENCH_TEMPORAL_PIDS="${TEMPORAL_PIDS[*]}" BENCH_TEMPORAL_SETUP=1
  else
    TEMPORAL_PORT=$(free_port)
    export TEMPORAL_ADDRESS=127.0.0.1:$TEMPORAL_PORT
    echo "-> starting a Temporal dev server for the benchmark on $TEMPORAL_ADDRESS" >&2
    start_temporal "$cli" "$TEMPORAL_PORT" none "$run/temporal.db" "$run/temporal.log"
    TEMPORAL_PIDS=("$TEMPORAL_PID")
    export BENCH_TEMPORAL_PIDS=$TEMPORAL_PID
  fi
}
