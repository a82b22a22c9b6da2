#!/usr/bin/env bash
# A throwaway PgBouncer in front of a test cluster (scripts/postgres-test-cluster.sh), on
# 127.0.0.1 only, with PgBouncer's default settings but for what a test setup needs (its port,
# its files, the user's password).
#   pgbouncer-test.sh start DIR SERVER_URL [--ignore-startup-options] [--pool-size N]
#                                            starts PgBouncer in DIR (an empty directory) for the
#                                            server at SERVER_URL (the cluster's URL); prints two
#                                            URLs, one per line: the database through transaction
#                                            pooling, then through session pooling.
#                                            --ignore-startup-options: ignore_startup_parameters =
#                                            options (an operator's usual workaround);
#                                            --pool-size N: default_pool_size (PgBouncer's: 20)
#   pgbouncer-test.sh stop DIR               stops it and removes DIR
# Both pools reach the same database: the first URL names the database "kvs_tx", the second
# "kvs_session" (PgBouncer's database aliases, each with its pool_mode).
# PgBouncer refuses to run as root: as root, it runs as the postgres system user.
# Everything but the URLs goes to stderr; on failure it says why (with PgBouncer's log) and exits 1.
set -euo pipefail

action=${1:-}
dir=${2:-}
if [[ -z "$action" || -z "$dir" ]]; then
    echo "usage: $0 start DIR SERVER_URL | stop DIR" >&2
    exit 2
fi

fail() {
    echo "pgbouncer-test: $1" >&2
    if [[ -f "$dir/pgbouncer.log" ]]; then
        echo "--- PgBouncer log (last lines) ---" >&2
        tail -n 20 "$dir/pgbouncer.log" >&2
    fi
    exit 1
}

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case "$action" in
start)
    server=${3:-}
    [[ -n "$server" ]] || fail "usage: $0 start DIR SERVER_URL [--ignore-startup-options] [--pool-size N]"
    shift 3
    extra=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
        --ignore-startup-options) extra+=$'ignore_startup_parameters = options\n' ;;
        --pool-size) extra+="default_pool_size = ${2:?}"$'\n'; shift ;;
        *) fail "unknown option $1" ;;
        esac
        shift
    done
    command -v pgbouncer > /dev/null || [[ -x /usr/sbin/pgbouncer ]] \
        || fail "pgbouncer is not installed (apt-get install pgbouncer)"
    bin=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
    # postgresql://USER:PASSWORD@HOST:PORT/DB?...
    rest=${server#*://}
    credentials=${rest%%@*}
    user=${credentials%%:*}
    password=${credentials#*:}
    authority=${rest#*@}
    authority=${authority%%/*}
    host=${authority%%:*}
    port=${authority##*:}
    database=${rest#*/}
    database=${database%%\?*}
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then
        id postgres > /dev/null 2>&1 || fail "the postgres system user is missing"
        chmod a+x "$(dirname "$(realpath "$dir")")"
        chown postgres: "$dir"
        chmod 700 "$dir"
    fi
    listen=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    (umask 077 && printf '"%s" "%s"\n' "$user" "$password" > "$dir/userlist.txt")
    # Only what a test setup needs; everything else (ignore_startup_parameters, the pool sizes,
    # max_prepared_statements: 1.18 has none) stays at PgBouncer's defaults, as in a deployment.
    cat > "$dir/pgbouncer.ini" <<CONF
[databases]
kvs_tx = host=$host port=$port dbname=$database pool_mode=transaction
kvs_session = host=$host port=$port dbname=$database pool_mode=session

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/userlist.txt
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
$extra
CONF
    [[ $(id -u) -eq 0 ]] && chown postgres: "$dir/userlist.txt" "$dir/pgbouncer.ini"
    as_owner "$bin" -d "$dir/pgbouncer.ini" > /dev/null 2>&1 || fail "PgBouncer did not start"
    for _ in $(seq 1 100); do
        if python3 -c "import socket,sys; s=socket.socket(); s.settimeout(0.2); sys.exit(s.connect_ex(('127.0.0.1', $listen)))" 2> /dev/null; then
            echo "postgresql://$user:$password@127.0.0.1:$listen/kvs_tx?sslmode=disable"
            echo "postgresql://$user:$password@127.0.0.1:$listen/kvs_session?sslmode=disable"
            exit 0
        fi
        sleep 0.1
    done
    fail "PgBouncer does not answer on 127.0.0.1:$listen"
    ;;
stop)
    if [[ -f "$dir/pgbouncer.pid" ]]; then
        kill "$(cat "$dir/pgbouncer.pid")" 2> /dev/null || true
        for _ in $(seq 1 50); do
            kill -0 "$(cat "$dir/pgbouncer.pid" 2> /dev/null || echo 0)" 2> /dev/null || break
            sleep 0.1
        done
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start DIR SERVER_URL | stop DIR" >&2
    exit 2
    ;;
esac
