#!/usr/bin/env bash
# A throwaway OpenSSH server for the SSH tunnel tests, on 127.0.0.1 only, run as a plain process
# (sshd -D -e -f CONFIG): never a system service.
#   sshd-test.sh start DIR   makes a host key, a user key and a config in DIR (an empty
#                            directory), starts sshd on a free port and prints its port; DIR then
#                            holds id_ed25519 (the user's key, no passphrase), host_key.pub (the
#                            server's public key, for the tests' fingerprints), user (the login)
#                            and port
#   sshd-test.sh stop DIR    stops it and removes DIR
# The login is the user running this (root too: PermitRootLogin prohibit-password lets a key in).
# sshd needs its privilege-separation directory /run/sshd: made here when missing (as root).
# Everything but the port goes to stderr; on failure it says why (with sshd's log) and exits 1.
set -euo pipefail

action=${1:-}
dir=${2:-}
if [[ -z "$action" || -z "$dir" ]]; then
    echo "usage: $0 start|stop DIR" >&2
    exit 2
fi

fail() {
    echo "sshd-test: $1" >&2
    if [[ -f "$dir/sshd.log" ]]; then
        echo "--- sshd log (last lines) ---" >&2
        tail -n 20 "$dir/sshd.log" >&2
    fi
    exit 1
}

case "$action" in
start)
    [[ -x /usr/sbin/sshd ]] || fail "no /usr/sbin/sshd (apt-get install openssh-server)"
    mkdir -p "$dir"
    dir=$(realpath "$dir")
    chmod 700 "$dir"
    if [[ $(id -u) -eq 0 && ! -d /run/sshd ]]; then
        mkdir -p /run/sshd && chmod 755 /run/sshd
    fi
    ssh-keygen -q -t ed25519 -N '' -C 'kvs test host' -f "$dir/host_key" > /dev/null \
        || fail "ssh-keygen could not make the host key"
    ssh-keygen -q -t ed25519 -N '' -C 'kvs test user' -f "$dir/id_ed25519" > /dev/null \
        || fail "ssh-keygen could not make the user key"
    cp "$dir/id_ed25519.pub" "$dir/authorized_keys"
    chmod 600 "$dir/authorized_keys"
    id -un > "$dir/user"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    cat > "$dir/sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
AllowTcpForwarding local
X11Forwarding no
PermitTTY no
LogLevel VERBOSE
CONF
    /usr/sbin/sshd -t -f "$dir/sshd_config" 2> "$dir/sshd.log" || fail "sshd refuses its config"
    # -D: stays in the foreground (a child of this script's background job), -e: log to stderr.
    nohup /usr/sbin/sshd -D -e -f "$dir/sshd_config" >> "$dir/sshd.log" 2>&1 &
    echo $! > "$dir/sshd.pid.job"
    echo "$port" > "$dir/port"
    for _ in $(seq 1 100); do
        if python3 -c "import socket,sys; s=socket.socket(); s.settimeout(0.2); sys.exit(s.connect_ex(('127.0.0.1', $port)))" 2> /dev/null; then
            echo "$port"
            exit 0
        fi
        kill -0 "$(cat "$dir/sshd.pid.job")" 2> /dev/null || fail "sshd exited"
        sleep 0.1
    done
    fail "sshd does not answer on 127.0.0.1:$port"
    ;;
stop)
    if [[ -f "$dir/sshd.pid.job" ]]; then
        pid=$(cat "$dir/sshd.pid.job")
        kill "$pid" 2> /dev/null || true
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2> /dev/null || break
            sleep 0.1
        done
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
