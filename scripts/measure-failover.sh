#!/usr/bin/env bash
# Issue 33's figure: the time from a primary's stop to the first write that succeeds on its
# promoted standby, through the kvs CLI on a URL naming both (target_session_attrs=read-write,
# libpq's failover). Throwaway clusters on 127.0.0.1 (postgres-test-cluster.sh: a primary and
# its synchronous streaming standby); a writer loop of `kvs set`, one process per write (each a
# new store and connection, so the loop retries at once, without backoff); the primary stopped
# (fast shutdown), the standby promoted (pg_ctl promote -w). Prints, in ms from the stop's start:
# the stop done, the promotion done, the first write acknowledged after it; repeated RUNS times
# (default 5). Run it on a quiet machine: /work/tools/quiet_run.sh scripts/measure-failover.sh
# Needs a build (build/app/kvs).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kvs=${KVS:-$here/build/app/kvs}
cluster=$here/scripts/postgres-test-cluster.sh
runs=${RUNS:-5}
[[ -x "$kvs" ]] || { echo "measure-failover: build first ($kvs is missing)" >&2; exit 1; }

ms() { date +%s%3N; }

for run in $(seq 1 "$runs"); do
    work=$(mktemp -d)
    trap 'bash "$cluster" stop "$work/s" 2>/dev/null || true; bash "$cluster" stop "$work/p" 2>/dev/null || true; rm -rf "$work"' EXIT
    primary=$(bash "$cluster" start "$work/p")
    standby=$(bash "$cluster" standby "$work/s" "$work/p")
    bash "$cluster" synchronous "$work/p"
    pport=$(sed 's|.*@127.0.0.1:\([0-9]*\)/.*|\1|' <<< "$primary")
    sport=$(sed 's|.*@127.0.0.1:\([0-9]*\)/.*|\1|' <<< "$standby")
    url="${primary/@127.0.0.1:$pport/@127.0.0.1:$pport,127.0.0.1:$sport}&target_session_attrs=read-write"
    "$kvs" --db "$url" set '["w", 0]' 0 > /dev/null
    # The writer loop: each acknowledged write's end time, in ms.
    (
        i=1
        while [[ ! -e "$work/done" ]]; do
            if "$kvs" --db "$url" set "[\"w\", $i]" "$i" > /dev/null 2>&1; then
                echo "$(ms)" >> "$work/acks"
            fi
            i=$((i + 1))
        done
    ) &
    writer=$!
    while [[ ! -s "$work/acks" ]]; do sleep 0.05; done
    stop=$(ms)
    bash "$cluster" halt "$work/p"
    stopped=$(ms)
    bash "$cluster" promote "$work/s"
    promoted=$(ms)
    while ! awk -v t="$stopped" '$1 > t { found = 1 } END { exit !found }' "$work/acks" 2>/dev/null; do
        sleep 0.05
    done
    first=$(awk -v t="$stopped" '$1 > t { print $1; exit }' "$work/acks")
    touch "$work/done"
    wait "$writer" || true
    echo "run $run: stopped after $((stopped - stop)) ms, promoted after $((promoted - stop)) ms, first write on the new primary after $((first - stop)) ms"
    bash "$cluster" stop "$work/s"
    bash "$cluster" stop "$work/p" 2>/dev/null || true
    rm -rf "$work"
    trap - EXIT
done
