# Reads KEY=VALUE lines of a .env file, setting only variables not already in the environment,
# so an exported variable (CI, tests, the shell) always wins over the file.
load_dotenv() {
  local file="$1" line key value
  [ -f "$file" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    key="${line%%=*}"; value="${line#*=}"
    key="${key#export }"; key="${key// /}"
    [[ "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    value="${value%\"}"; value="${value#\"}"; value="${value%\'}"; value="${value#\'}"
    # An if, not `[ ] && export`: a last line whose variable is already set must not make the
    # function fail (callers run under set -e; bin/ctl died silently with exit 1 that way).
    if [ -z "${!key+x}" ]; then export "$key=$value"; fi
  done < "$file"
  return 0
}

# The secrets every process needs (src/config.ts REQUIRED_SECRETS, and the payload codec's key).
SECRET_VARIABLES="API_KEY_PEPPER CURSOR_SECRET WEBHOOK_SECRET_KEY WIDGET_SECRET TEMPORAL_PAYLOAD_KEYS"

# 64 random hexadecimal characters.
random_secret() {
  head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'
}

# A payload codec key (TEMPORAL_PAYLOAD_KEYS): `<key id>:<32 random bytes in base64>`, its id the
# UTC day it was made with a random suffix (docs/operating.md, "Rotating the payload key").
random_payload_key() {
  echo "k$(date -u +%Y%m%d)-$(head -c 3 /dev/urandom | od -An -tx1 | tr -d ' \n'):$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
}

# A random value for the secret NAME.
random_value_of() {
  if [ "$1" = TEMPORAL_PAYLOAD_KEYS ]; then random_payload_key; else random_secret; fi
}

# ensure_env_secrets FILE [NAMES]: adds a random value to the .env file for each secret it lacks
# (existing values are kept), of SECRET_VARIABLES or of NAMES when given; the file is created if
# needed and made readable by its owner only.
ensure_env_secrets() {
  local file="$1" names="${2:-$SECRET_VARIABLES}" name added=
  ( umask 077; touch "$file" )
  chmod 600 "$file"
  for name in $names; do
    grep -Eq "^(export )?$name=.+" "$file" && continue
    [ -n "$(tail -c1 "$file")" ] && echo >>"$file"
    echo "$name=$(random_value_of "$name")" >>"$file"
    added="$added $name"
  done
  [ -z "$added" ] || echo "-> generated random$added into $file (keep this file; it is not in git)"
}

# Exports a fresh random value for each secret (bin/test: every run its own).
export_random_secrets() {
  local name
  for name in $SECRET_VARIABLES; do export "$name=$(random_value_of "$name")"; done
}
