# Sourced by .ci/run: a throwaway PostgreSQL cluster for the storage tests, which run against it
# (as well as against the embedded PGlite) when TEST_DATABASE_URL is set.
#
# Debian's server binaries live in /usr/lib/postgresql/<version>/bin. The cluster lives in a
# temporary directory, owned by the `postgres` user when run as root (the server refuses to run
# as root), listens on 127.0.0.1 on a free port with trust authentication, and is stopped and
# removed on exit. Any failure stops the script: tests must not quietly skip PostgreSQL in CI.

test_postgres_bin() {
  local initdb
  initdb=$(ls -1 /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  [[ -n "$initdb" ]] && dirname "$initdb"
}

start_test_postgres() {
  local bin port
  bin=$(test_postgres_bin) || {
    echo "PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)" >&2
    return 1
  }
  TEST_PG_BIN="$bin"
  TEST_PG_DIR=$(mktemp -d /tmp/studio-test-pg.XXXXXX)
  TEST_PG_AS=()
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/false postgres
    chown postgres: "$TEST_PG_DIR"
    TEST_PG_AS=(runuser -u postgres --)
  fi
  trap stop_test_postgres EXIT

  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  "${TEST_PG_AS[@]}" "$bin/initdb" -D "$TEST_PG_DIR/data" -U postgres -A trust -E UTF8 --no-sync >"$TEST_PG_DIR/initdb.log" 2>&1 || {
    cat "$TEST_PG_DIR/initdb.log" >&2
    echo "PostgreSQL for the storage tests: initdb failed" >&2
    return 1
  }
  # fsync off: a test cluster is thrown away, and syncing is most of its write time.
  "${TEST_PG_AS[@]}" "$bin/pg_ctl" -D "$TEST_PG_DIR/data" -l "$TEST_PG_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $TEST_PG_DIR -c fsync=off" start >/dev/null || {
    cat "$TEST_PG_DIR/server.log" >&2
    echo "PostgreSQL for the storage tests did not start" >&2
    return 1
  }
  "${TEST_PG_AS[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres studio_test
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/studio_test"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the storage tests on 127.0.0.1:$port"
}

stop_test_postgres() {
  if [[ -n "${TEST_PG_DIR:-}" && -d "$TEST_PG_DIR" ]]; then
    if [[ -f "$TEST_PG_DIR/data/postmaster.pid" ]]; then
      "${TEST_PG_AS[@]}" "$TEST_PG_BIN/pg_ctl" -D "$TEST_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$TEST_PG_DIR"
  fi
}
