#!/usr/bin/env bash
# Run a command (the test suite) with the services its tests need:
#   - Debian's chromium, for the browser tests, and nginx, for the tests of several nodes
#     behind it (installed with apt-get when missing);
#   - a throwaway PostgreSQL cluster in a temporary directory on a free port, whose URL is
#     exported as KAIDO_TEST_POSTGRES_URL and which is removed afterwards.
# KAIDO_TEST_NO_SERVICES=1 skips all this (and the tests that need it skip themselves).
set -euo pipefail

if [[ "${KAIDO_TEST_NO_SERVICES:-}" == "1" ]]; then
  exec "$@"
fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
pg_bin=""
for dir in /usr/lib/postgresql/*/bin; do
  [[ -x "$dir/initdb" ]] && pg_bin="$dir"
done
[[ -n "$pg_bin" ]] || missing+=(postgresql)
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "test-services: missing ${missing[*]}; install them (Debian: apt-get install ${missing[*]})," \
      "or set KAIDO_TEST_NO_SERVICES=1 to skip the tests that need them" >&2
    exit 1
  fi
  echo "test-services: installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${missing[@]}" fonts-noto-cjk >/dev/null
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/initdb" ]] && pg_bin="$dir"
  done
fi

# PostgreSQL refuses to run as root: the cluster belongs to an ordinary account.
run_pg() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

workdir=$(mktemp -d /tmp/kaido-pg.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
[[ $(id -u) -eq 0 ]] && chown postgres: "$workdir"

cleanup() {
  run_pg "$pg_bin/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

run_pg "$pg_bin/initdb" -D "$workdir/data" -U postgres -A trust --no-sync >/dev/null
run_pg "$pg_bin/pg_ctl" -D "$workdir/data" -l "$workdir/log" -w \
  -o "-h 127.0.0.1 -p $port -k $workdir -c fsync=off -c max_connections=200" start >/dev/null

export KAIDO_TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
echo "test-services: PostgreSQL on 127.0.0.1:$port; chromium: $(command -v chromium)" >&2
set +e
"$@"
status=$?
set -e
exit $status
