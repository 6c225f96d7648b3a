# A PostgreSQL server of a run's own (bin/cluster-faults, and so bin/test's cluster smoke), which
# the run may stop and start without touching the machine's. initdb refuses root, so under root
# the server runs as the postgres user, who may not enter the checkout (a clone in a private
# folder such as `mktemp -d`, or under /root): its data lives in a directory of the run's own
# under /tmp, owned by the server's user, and goes when the run ends (its log is kept beside the
# run's logs). As any other user, the server runs as that user. Needs services.sh (is_root).

# own_postgres_init LOG -> sets OWN_PG_DIR (data in $OWN_PG_DIR/data, socket and server log
# there too) and OWN_PG_BIN; initdb's output in LOG.
own_postgres_init() {
  local log="$1"
  OWN_PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$OWN_PG_BIN" ] || { echo "no PostgreSQL server programs in /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2; return 1; }
  OWN_PG_DIR=$(mktemp -d /tmp/sales-api-postgres.XXXXXX)
  if is_root; then chown postgres "$OWN_PG_DIR"; fi
  if ! own_postgres_run initdb -D "$OWN_PG_DIR/data" -A trust -U postgres >"$log" 2>&1; then
    echo "initdb of the run's PostgreSQL into $OWN_PG_DIR/data failed (log: $log); its last lines:" >&2
    tail -5 "$log" >&2
    return 1
  fi
}

# own_postgres_run PROGRAM ARGS...: a program of the server's (initdb, pg_ctl) as its user, from
# its directory (a working directory that user cannot enter makes them fail).
own_postgres_run() {
  local program="$OWN_PG_BIN/$1"; shift
  if is_root; then
    (cd "$OWN_PG_DIR" && runuser -u postgres -- "$program" "$@")
  else
    (cd "$OWN_PG_DIR" && "$program" "$@")
  fi
}

# own_postgres_remove KEEP_LOG: stops the server if it still runs, copies its log (postgres.log
# in OWN_PG_DIR) to KEEP_LOG, and removes the directory.
own_postgres_remove() {
  local keep="$1"
  [ -n "${OWN_PG_DIR:-}" ] && [ -d "$OWN_PG_DIR" ] || return 0
  if [ -f "$OWN_PG_DIR/data/postmaster.pid" ]; then own_postgres_run pg_ctl -D "$OWN_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  if [ -f "$OWN_PG_DIR/postgres.log" ]; then cp "$OWN_PG_DIR/postgres.log" "$keep"; fi
  rm -rf "$OWN_PG_DIR"
}
