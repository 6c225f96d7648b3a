# A throwaway CA and a server certificate for local webhook receivers (*.webhooks.test and
# localhost on 127.0.0.X:443, pinned with WEBHOOK_RESOLVE), used by bin/test and
# bin/bench-webhooks. Node trusts the CA through NODE_EXTRA_CA_CERTS; TLS is still verified
# against the host name.
make_test_tls() {
  local dir="$1"; mkdir -p "$dir"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -keyout "$dir/ca.key" -out "$dir/ca.crt" -subj "/CN=Public API test CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$dir/server.key" -out "$dir/server.csr" -subj "/CN=webhooks.test" 2>/dev/null
  printf '%s\n' "subjectAltName=DNS:*.webhooks.test,DNS:localhost" "basicConstraints=CA:FALSE" \
    "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" > "$dir/server.ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
    -extfile "$dir/server.ext" -out "$dir/server.crt" 2>/dev/null
}

# trust_local_ca DIR: Node trusts DIR's CA in addition to what it trusted before. NODE_EXTRA_CA_CERTS
# takes one file, so it becomes a bundle of the local CA and the file the environment named
# (a machine behind a corporate proxy names its CA there; replacing it would cut npm and
# every outbound call off).
trust_local_ca() {
  local dir="$1" bundle="$1/extra-ca.crt"
  if [ "${NODE_EXTRA_CA_CERTS:-}" != "$bundle" ]; then
    cat "$dir/ca.crt" ${NODE_EXTRA_CA_CERTS:+"$NODE_EXTRA_CA_CERTS"} >"$bundle"
  fi
  export NODE_EXTRA_CA_CERTS="$bundle"
}

# ---------------------------------------------------------------------------------------------
# The Temporal cluster's certificates (docs/operating.md, "Certificates for the cluster"): a CA
# of the cluster's own, and certificates it signs, in four directories of DIR so that each
# process is given only what it needs (docker-compose mounts one directory per container):
#   ca/      ca.key, ca.crt: the CA itself; the key never leaves this directory
#   server/  the Temporal services: frontend.{crt,key} (the frontend's listener, names
#            temporal-frontend, localhost, 127.0.0.1), internode.{crt,key} (history, matching,
#            worker and frontend to each other, and the worker service to the frontend)
#   app/     client.{crt,key} of the project's processes: apis, workers, the support console
#            (its codec endpoint), bin/ctl
#   ui/      client.{crt,key} of the Temporal UI server
# and ca.crt in each of server/, app/, ui/: the CAs trusted (during a CA rotation, the new and
# the previous one). EC P-256 keys, mode 600.
TEMPORAL_TLS_SERVER_NAME_DEFAULT=temporal-frontend
TEMPORAL_TLS_INTERNODE_NAME=temporal-internode
TEMPORAL_CA_DAYS=${TEMPORAL_CA_DAYS:-365}
TEMPORAL_CERT_DAYS=${TEMPORAL_CERT_DAYS:-90}
# A certificate that expires within this many days is renewed by ensure_temporal_certs.
TEMPORAL_CERT_RENEW_DAYS=${TEMPORAL_CERT_RENEW_DAYS:-30}

# issue_temporal_cert DIR NAME CN EXTENDED_KEY_USAGE [SUBJECT_ALT_NAMES]: DIR/NAME.{crt,key},
# signed by the CA of DIR/../ca; written beside and moved into place whole.
issue_temporal_cert() {
  local dir="$1" name="$2" cn="$3" eku="$4" san="${5:-}" ca tmp
  ca="$(dirname "$dir")/ca"
  tmp=$(mktemp -d "$dir/.issue.XXXXXX")
  ( umask 077
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$tmp/key" -out "$tmp/csr" \
      -subj "/O=Sales API Temporal cluster/CN=$cn" 2>/dev/null )
  { [ -z "$san" ] || echo "subjectAltName=$san"
    printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" "extendedKeyUsage=$eku"
  } >"$tmp/ext"
  openssl x509 -req -in "$tmp/csr" -CA "$ca/ca.crt" -CAkey "$ca/ca.key" -set_serial "0x$(openssl rand -hex 16)" \
    -days "$TEMPORAL_CERT_DAYS" -extfile "$tmp/ext" -out "$tmp/crt" 2>/dev/null
  mv "$tmp/key" "$dir/$name.key"; mv "$tmp/crt" "$dir/$name.crt"
  rm -rf "$tmp"
}

# new_temporal_ca PATH: a CA key and certificate, PATH.key and PATH.crt.
new_temporal_ca() {
  ( umask 077
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days "$TEMPORAL_CA_DAYS" \
      -keyout "$1.key" -out "$1.crt" -subj "/O=Sales API Temporal cluster/CN=Temporal cluster CA $(date -u +%Y%m%dT%H%M%S)" \
      -addext "basicConstraints=critical,CA:TRUE,pathlen:0" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null )
}

# make_temporal_certs DIR [--add-ca | --new-ca]: every certificate of the cluster, signed anew
# by DIR's CA (made first when DIR has none). A CA rotation on a cluster that keeps running is
# two steps, each followed by a restart of every process (docs/operating.md):
#   --add-ca  a next CA, trusted beside the current one; no certificate changes
#   --new-ca  the next CA (made now when --add-ca made none) becomes the CA and signs every
#             certificate; the one it replaces stays trusted until the next rotation
make_temporal_certs() {
  local dir="$1" step="${2:-}" ca sub
  ca="$dir/ca"
  mkdir -p "$ca" "$dir/server" "$dir/app" "$dir/ui"
  chmod 700 "$ca"
  if [ "$step" = --add-ca ]; then
    [ -f "$ca/next.crt" ] || new_temporal_ca "$ca/next"
    cat "$ca/ca.crt" "$ca/next.crt" >"$ca/trusted.crt"
  elif [ ! -f "$ca/ca.crt" ] || [ "$step" = --new-ca ]; then
    [ -f "$ca/next.crt" ] || new_temporal_ca "$ca/next"
    # The CA it replaces, while still valid, stays trusted: certificates it signed are about.
    if [ -f "$ca/ca.crt" ] && openssl x509 -checkend 0 -noout -in "$ca/ca.crt" >/dev/null; then mv "$ca/ca.crt" "$ca/previous.crt"; else rm -f "$ca/previous.crt"; fi
    mv "$ca/next.key" "$ca/ca.key"; mv "$ca/next.crt" "$ca/ca.crt"
    if [ -f "$ca/previous.crt" ]; then cat "$ca/ca.crt" "$ca/previous.crt"; else cat "$ca/ca.crt"; fi >"$ca/trusted.crt"
  fi
  for sub in server app ui; do cp "$ca/trusted.crt" "$dir/$sub/ca.crt"; done
  [ "$step" != --add-ca ] || return 0
  issue_temporal_cert "$dir/server" frontend "$TEMPORAL_TLS_SERVER_NAME_DEFAULT" serverAuth \
    "DNS:$TEMPORAL_TLS_SERVER_NAME_DEFAULT,DNS:localhost,IP:127.0.0.1"
  issue_temporal_cert "$dir/server" internode "$TEMPORAL_TLS_INTERNODE_NAME" serverAuth,clientAuth "DNS:$TEMPORAL_TLS_INTERNODE_NAME"
  issue_temporal_cert "$dir/app" client sales-api-app clientAuth
  issue_temporal_cert "$dir/ui" client temporal-ui clientAuth
}

# ensure_temporal_certs DIR: bin/up --cluster's start: a new CA when there is none or it expires
# within TEMPORAL_CERT_RENEW_DAYS, new certificates when one is missing or expires within them.
ensure_temporal_certs() {
  local dir="$1" within=$((TEMPORAL_CERT_RENEW_DAYS * 86400)) cert
  if [ ! -f "$dir/ca/ca.key" ] || ! openssl x509 -checkend "$within" -noout -in "$dir/ca/ca.crt" >/dev/null 2>&1; then
    echo "-> a new CA and certificates for the Temporal cluster in ${dir#"$PWD"/}/" >&2
    make_temporal_certs "$dir" --new-ca; return
  fi
  for cert in server/frontend server/internode app/client ui/client; do
    if [ ! -f "$dir/$cert.key" ] || ! openssl x509 -checkend "$within" -noout -in "$dir/$cert.crt" >/dev/null 2>&1; then
      echo "-> renewing the Temporal cluster's certificates in ${dir#"$PWD"/}/ (CA kept)" >&2
      make_temporal_certs "$dir"; return
    fi
  done
}

# export_temporal_client_tls DIR: what the project's processes, bin/ctl and the temporal CLI
# (the same variable names) present to the frontend: the app/ client certificate.
export_temporal_client_tls() {
  local dir="$1"
  export TEMPORAL_TLS_CA="$dir/app/ca.crt" TEMPORAL_TLS_CERT="$dir/app/client.crt" TEMPORAL_TLS_KEY="$dir/app/client.key"
  export TEMPORAL_TLS_SERVER_NAME="$TEMPORAL_TLS_SERVER_NAME_DEFAULT"
}
