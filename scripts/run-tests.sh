#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), starts a throwaway PostgreSQL 15 cluster on 127.0.0.1
# (scripts/postgres-test-cluster.sh) and PgBouncer in front of it (scripts/pgbouncer-test.sh),
# both removed again on exit, and a throwaway OpenSSH server (scripts/sshd-test.sh) for the SSH
# tunnel tests, then runs every test with ctest.
# PostgreSQL tests never skip: if the server cannot start, this fails and says why. GUI tests
# run on the offscreen platform, so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

cluster_parent=$(mktemp -d)
cleanup() {
    bash scripts/sshd-test.sh stop "$cluster_parent/sshd" || true
    bash scripts/pgbouncer-test.sh stop "$cluster_parent/pgbouncer" || true
    bash scripts/postgres-test-cluster.sh stop "$cluster_parent/pg" || true
    rm -rf "$cluster_parent"
}
trap cleanup EXIT
if ! KVS_TEST_PG_URL=$(bash scripts/postgres-test-cluster.sh start "$cluster_parent/pg"); then
    echo "run-tests: the PostgreSQL test server did not start (see above); PostgreSQL tests cannot run" >&2
    exit 1
fi
export KVS_TEST_PG_URL
export KVS_TEST_PG_ROOT_CERT="$cluster_parent/pg/root.crt" # the server's certificate, for TLS tests
# PgBouncer in front of it, for the tests that run through a pooler (transaction and session).
if ! pgbouncer_urls=$(bash scripts/pgbouncer-test.sh start "$cluster_parent/pgbouncer" "$KVS_TEST_PG_URL"); then
    echo "run-tests: PgBouncer did not start (see above); the PgBouncer tests cannot run" >&2
    exit 1
fi
KVS_TEST_PGBOUNCER_URL=$(sed -n 1p <<< "$pgbouncer_urls")
KVS_TEST_PGBOUNCER_SESSION_URL=$(sed -n 2p <<< "$pgbouncer_urls")
export KVS_TEST_PGBOUNCER_URL KVS_TEST_PGBOUNCER_SESSION_URL

# sshd on 127.0.0.1 for the SSH tunnel tests (label ssh): its folder holds the port, the login,
# the user's key and the host's public key.
if ! bash scripts/sshd-test.sh start "$cluster_parent/sshd" > /dev/null; then
    echo "run-tests: the OpenSSH test server did not start (see above); the SSH tests cannot run" >&2
    exit 1
fi
export KVS_TEST_SSH_DIR="$cluster_parent/sshd"

export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure -j2 "$@"
