#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests, on 127.0.0.1 only.
#   postgres-test-cluster.sh start DIR   creates and starts a cluster in DIR (an empty directory);
#                                        prints its URL,
#                                        postgresql://kvs_test:PASSWORD@127.0.0.1:PORT/kvs_test?sslmode=disable
#   postgres-test-cluster.sh stop DIR    stops it and removes DIR
#   postgres-test-cluster.sh standby DIR PRIMARY
#                                        creates and starts a streaming standby of the cluster in
#                                        PRIMARY in DIR; prints its URL
#   postgres-test-cluster.sh promote DIR makes the standby in DIR a primary
#   postgres-test-cluster.sh synchronous DIR
#                                        makes the primary in DIR wait for its standby at every
#                                        commit (synchronous_standby_names = '*')
#   postgres-test-cluster.sh restart|halt|crash|resume DIR
#                                        restarts the server (immediate, as after a crash), stops it
#                                        keeping its data (fast, or immediate as in a crash),
#                                        starts it again (for fault tests)
# The server also takes TLS, with a throwaway CA made here (DIR/root.crt, for sslrootcert) that
# signs the server's certificate (for 127.0.0.1 only) and a client certificate (DIR/client.crt,
# DIR/client.key) for the role kvs_cert, which logs in by certificate alone (a hostssl line with
# cert authentication, over TLS only). The URL turns TLS off so that the tests and the bench
# measure the store, and the TLS tests ask for it with sslmode=require or verify-full.
# PostgreSQL refuses to run as root: as root, the server runs as the postgres system user.
# Everything but the URL goes to stderr; on failure it says why (with the server log) and exits 1.
set -euo pipefail

action=${1:-}
dir=${2:-}
if [[ -z "$action" || -z "$dir" ]]; then
    echo "usage: $0 start|standby|promote|synchronous|stop|restart|halt|crash|resume DIR" >&2
    exit 2
fi

bindir=$(ls -d /usr/lib/postgresql/15/bin 2>/dev/null || true)
if [[ -z "$bindir" ]]; then
    bindir=$(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/pg_ctl)")
fi
if [[ ! -x "$bindir/initdb" || ! -x "$bindir/pg_ctl" ]]; then
    echo "postgres-test-cluster: no PostgreSQL 15 server found (install postgresql-15)" >&2
    exit 1
fi

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

fail() {
    echo "postgres-test-cluster: $1" >&2
    if [[ -f "$dir/server.log" ]]; then
        echo "--- server log (last lines) ---" >&2
        tail -n 20 "$dir/server.log" >&2
    fi
    exit 1
}

case "$action" in
start)
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then
        id postgres > /dev/null 2>&1 || fail "the postgres system user is missing"
        # The server's user must reach DIR: a mktemp -d parent is private to root.
        chmod a+x "$(dirname "$(realpath "$dir")")"
        chown postgres: "$dir"
        chmod 700 "$dir"
    fi
    # A free port: ask the kernel for one.
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=' | head -c 20)
    printf '%s\n' "$password" > "$dir/pwfile"
    [[ $(id -u) -eq 0 ]] && chown postgres: "$dir/pwfile"
    as_owner "$bindir/initdb" -D "$dir/data" -U kvs_test --pwfile="$dir/pwfile" \
        --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
        > "$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; fail "initdb failed"; }
    rm -f "$dir/pwfile"
    # A CA valid for a week, which signs the server's certificate (127.0.0.1 only: a client
    # asking for "localhost" with verify-full is refused) and kvs_cert's client certificate.
    # EC keys: quick to make.
    {
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 \
            -subj "/CN=kvs test CA" -keyout "$dir/root.key" -out "$dir/root.crt" &&
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
                -subj "/CN=127.0.0.1" -keyout "$dir/server.key" -out "$dir/server.csr" &&
            printf 'subjectAltName=IP:127.0.0.1\n' > "$dir/server.ext" &&
            openssl x509 -req -in "$dir/server.csr" -CA "$dir/root.crt" -CAkey "$dir/root.key" \
                -CAcreateserial -days 7 -extfile "$dir/server.ext" -out "$dir/server.crt" &&
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
                -subj "/CN=kvs_cert" -keyout "$dir/client.key" -out "$dir/client.csr" &&
            openssl x509 -req -in "$dir/client.csr" -CA "$dir/root.crt" -CAkey "$dir/root.key" \
                -CAcreateserial -days 7 -out "$dir/client.crt"
    } > "$dir/openssl.log" 2>&1 || { cat "$dir/openssl.log" >&2; fail "openssl could not make the certificates"; }
    rm -f "$dir/root.key" "$dir/root.srl" "$dir/server.csr" "$dir/server.ext" "$dir/client.csr"
    mv "$dir/server.crt" "$dir/data/server.crt"
    mv "$dir/server.key" "$dir/data/server.key"
    cp "$dir/root.crt" "$dir/data/root.crt"
    chmod 600 "$dir/data/server.key" "$dir/client.key"
    chmod 644 "$dir/root.crt" "$dir/client.crt"
    if [[ $(id -u) -eq 0 ]]; then
        chown postgres: "$dir/data/server.crt" "$dir/data/server.key" "$dir/data/root.crt"
    fi
    # Certificate logins first (pg_hba.conf takes the first line that matches), for kvs_cert
    # only; every other role keeps initdb's lines.
    hba=$(cat "$dir/data/pg_hba.conf")
    printf 'hostssl all kvs_cert 127.0.0.1/32 cert\nhost all kvs_cert 127.0.0.1/32 reject\n%s\n' \
        "$hba" > "$dir/data/pg_hba.conf"
    cat >> "$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = off
full_page_writes = off
max_connections = 100
ssl = on
ssl_ca_file = 'root.crt'
CONF
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start > /dev/null \
        || fail "the server did not start"
    as_owner "$bindir/psql" -h "$dir" -p "$port" -U kvs_test -d postgres -q \
        -c "CREATE DATABASE kvs_test" > /dev/null 2>&1 \
        || "$bindir/psql" -h 127.0.0.1 -p "$port" -U kvs_test -d postgres -q \
            -c "CREATE DATABASE kvs_test" > /dev/null \
        || fail "could not create the kvs_test database"
    # The certificate's role: it may create a schema of its own in kvs_test.
    as_owner "$bindir/psql" -h "$dir" -p "$port" -U kvs_test -d postgres -q -v ON_ERROR_STOP=1 \
        -c "CREATE ROLE kvs_cert LOGIN" -c "GRANT CREATE ON DATABASE kvs_test TO kvs_cert" \
        > /dev/null || fail "could not create the kvs_cert role"
    url="postgresql://kvs_test:$password@127.0.0.1:$port/kvs_test?sslmode=disable"
    (umask 077 && printf '%s\n' "$url" > "$dir/url") # for a standby of this cluster
    echo "$url"
    ;;
standby)
    # A streaming standby (hot, read-only) of the cluster in PRIMARY (made by start) in DIR,
    # copied with pg_basebackup over TCP to 127.0.0.1 (initdb's pg_hba.conf lets the superuser
    # replicate from there), so that the standby names its primary as 127.0.0.1:PORT
    # (pg_stat_wal_receiver), as an operator sees it: the same user and password, its own port.
    # Prints its URL.
    primary=${3:-}
    [[ -n "$primary" && -f "$primary/url" ]] || fail "usage: $0 standby DIR PRIMARY (a started cluster)"
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then
        chmod a+x "$(dirname "$(realpath "$dir")")"
        chown postgres: "$dir"
        chmod 700 "$dir"
    fi
    primary_port=$(sed -n 's/^port = //p' "$primary/data/postgresql.conf" | tail -1)
    # The password of PRIMARY's URL (letters and digits: see start).
    primary_password=$(sed -n 's|^postgresql://kvs_test:\([^@]*\)@.*|\1|p' "$primary/url")
    as_owner env PGPASSWORD="$primary_password" "$bindir/pg_basebackup" -h 127.0.0.1 \
        -p "$primary_port" -U kvs_test -D "$dir/data" -R -X stream -c fast \
        > "$dir/basebackup.log" 2>&1 \
        || { cat "$dir/basebackup.log" >&2; fail "pg_basebackup failed"; }
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    cat >> "$dir/data/postgresql.conf" <<CONF
port = $port
unix_socket_directories = '$dir'
hot_standby = on
CONF
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start > /dev/null \
        || fail "the standby did not start"
    url=$(sed "s/@127.0.0.1:$primary_port\//@127.0.0.1:$port\//" "$primary/url")
    (umask 077 && printf '%s\n' "$url" > "$dir/url")
    echo "$url"
    ;;
promote)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -w -t 60 promote > /dev/null \
        || fail "the standby was not promoted"
    ;;
synchronous)
    port=$(sed -n 's/^port = //p' "$dir/data/postgresql.conf" | tail -1)
    as_owner "$bindir/psql" -h "$dir" -p "$port" -U kvs_test -d postgres -q -v ON_ERROR_STOP=1 \
        -c "ALTER SYSTEM SET synchronous_standby_names = '*'" -c "SELECT pg_reload_conf()" \
        > /dev/null || fail "synchronous_standby_names was not set"
    ;;
stop)
    if [[ -d "$dir/data" ]]; then
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop > /dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
restart)
    # Immediate: every backend quits at once, without cleanup, as in a crash; the server recovers
    # from its WAL. (A fast shutdown ends sessions one by one: a commit waiting for a lock could
    # get it from a session that ended first and commit before its own end.)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m immediate -w -t 60 restart \
        > /dev/null || fail "the server did not restart"
    ;;
halt)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop > /dev/null \
        || fail "the server did not stop"
    ;;
crash)
    # Immediate, and not started again: the server is gone until resume, which recovers it.
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w -t 60 stop > /dev/null \
        || fail "the server did not stop"
    ;;
resume)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start > /dev/null \
        || fail "the server did not start again"
    ;;
*)
    echo "usage: $0 start|standby|promote|synchronous|stop|restart|halt|crash|resume DIR" >&2
    exit 2
    ;;
esac
