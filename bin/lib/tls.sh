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
