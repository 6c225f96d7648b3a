# The environment of the local stack, one definition for bin/up and bin/ctl: the .env file
# (a variable already in the environment wins), then the defaults of anything still unset.
# Needs bin/lib/dotenv.sh.
load_stack_env() {
  local root="$1"
  load_dotenv "$root/.env"
  export PORT=${PORT:-3000} CELL=${CELL:-ru}
  export TEMPORAL_PORT=${TEMPORAL_PORT:-7233} TEMPORAL_UI_PORT=${TEMPORAL_UI_PORT:-8233}
  export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/sales_api}
  export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/0}
  # Each checkout's keys apart on the machine's one Redis: under its database's name, which is
  # its own (src/cli/migrate.js refuses another checkout's). Production names its own prefix.
  if [ "${NODE_ENV:-development}" != production ]; then
    local database=${DATABASE_URL##*/}
    export REDIS_KEY_PREFIX=${REDIS_KEY_PREFIX:-${database%%\?*}:}
  fi
  export TEMPORAL_ADDRESS=${TEMPORAL_ADDRESS:-127.0.0.1:$TEMPORAL_PORT}
  export TEMPORAL_UI_URL=${TEMPORAL_UI_URL:-http://127.0.0.1:$TEMPORAL_UI_PORT}
  export PUBLIC_ORIGIN=${PUBLIC_ORIGIN:-http://127.0.0.1:$PORT}
  export METRICS_PORT=${METRICS_PORT:-9465} WORKER_METRICS_PORT=${WORKER_METRICS_PORT:-9464}
  # The Temporal SDK's own series of a worker (temporal_*: slots, schedule-to-start, sticky cache).
  export WORKER_SDK_METRICS_PORT=${WORKER_SDK_METRICS_PORT:-9468}
  # The demo shop (bin/up runs it on the next port) and its blog, which bin/site-module writes.
  export DEMO_PORT=${DEMO_PORT:-$((PORT + 1))} DEMO_BLOG_DIR=${DEMO_BLOG_DIR:-$root/.state/demo-blog}
  # The support console (src/support-console.ts), an internal listener on 127.0.0.1.
  export SUPPORT_PORT=${SUPPORT_PORT:-$((PORT + 2))}
  # Its codec endpoint, where the Temporal UI decodes payloads for a signed-in operator
  # (src/console/codec-endpoint.ts); the UI's origin is the one it answers (CORS).
  export TEMPORAL_CODEC_ENDPOINT=${TEMPORAL_CODEC_ENDPOINT:-http://127.0.0.1:$SUPPORT_PORT/codec}
  # What the running stack uses (cell, port, database), for bin/ctl to compare with its own.
  export STACK_FILE=${STACK_FILE:-$root/.state/stack.json}
  # While bin/up --cluster runs, what its clients need beyond .env (the client certificate its
  # Temporal frontend asks for, TEMPORAL_TLS_*: docs/operating.md, "Certificates for the
  # cluster"), beside its stack file; never a stopped stack's.
  local pid
  pid=$(sed -n 's/^{"pid":\([0-9]*\),.*/\1/p' "$STACK_FILE" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then load_dotenv "${STACK_FILE%.json}.env"; fi
  # Webhooks to this machine (bin/ctl webhooks listen): the certificate of its receiver, and
  # loopback addresses allowed to subscribers. Development only: never in production.
  export WEBHOOK_LISTEN_TLS_DIR=${WEBHOOK_LISTEN_TLS_DIR:-$root/.state/tls}
  if [ "${NODE_ENV:-development}" != production ]; then
    export WEBHOOK_ALLOW_PRIVATE_NETWORKS=${WEBHOOK_ALLOW_PRIVATE_NETWORKS:-true}
  fi
}
