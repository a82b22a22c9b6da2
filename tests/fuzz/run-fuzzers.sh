#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang, ASan and UBSan in a build folder of
# their own (build-fuzz, or $KVS_FUZZ_BUILD_DIR), seeds each from the vectors in tests/data, and
# runs each for SECONDS (default 60), two at a time. Fails when a fuzzer finds a crash, a
# sanitizer report, a leak, a broken property or a timeout; the input is saved under
# <build>/artifacts/. Prints the executions of each fuzzer.
# Usage: tests/fuzz/run-fuzzers.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
build=${KVS_FUZZ_BUILD_DIR:-build-fuzz}
fuzzers=(fuzz_key_decoder fuzz_value_decoder fuzz_literal_parser fuzz_cursor_decoder fuzz_round_trip)

# clang and libFuzzer's runtime, installed as scripts/setup.sh installs the rest.
bash scripts/install-missing.sh run-fuzzers clang libclang-rt-14-dev

# Debug keeps assertions on; -O1 keeps the fuzzers fast enough. Warnings are the gcc build's
# business (KVS_WERROR there); clang's own would only stop the search for crashes.
sanitizers="-fsanitize=address,undefined,fuzzer-no-link -fno-omit-frame-pointer -O1"
mkdir -p "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$sanitizers" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DKVS_FUZZ=ON -DKVS_WERROR=OFF -DKVS_PCH=OFF \
    > "$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j2 --target kvs_fuzzers

# Seeds: the vectors' stored keys and values (round trip: first byte 1 for a key, 0 for a value),
# their literals and their cursors.
python3 - "$build/seeds" tests/data/kvs-vectors.json <<'PY'
import json, os, sys
out, vectors = sys.argv[1], json.load(open(sys.argv[2]))
def put(fuzzer, name, data):
    os.makedirs(os.path.join(out, fuzzer), exist_ok=True)
    with open(os.path.join(out, fuzzer, name), "wb") as f:
        f.write(data)
for i, key in enumerate(vectors["keys"]):
    stored = bytes.fromhex(key["hex"])
    put("fuzz_key_decoder", f"key{i}", stored)
    put("fuzz_round_trip", f"key{i}", b"\x01" + stored)
    put("fuzz_literal_parser", f"key{i}", key["literal"].encode())
    put("fuzz_cursor_decoder", f"key{i}", key["cursor"].encode())
for i, value in enumerate(vectors["values"]):
    stored = bytes.fromhex(value["hex"])
    put("fuzz_value_decoder", f"value{i}", stored)
    put("fuzz_round_trip", f"value{i}", b"\x00" + stored)
    put("fuzz_literal_parser", f"value{i}", value["literal"].encode())
PY

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$PWD/tests/fuzz/ubsan.supp"
mkdir -p "$build/artifacts" "$build/logs"
run() {
    local fuzzer=$1
    mkdir -p "$build/corpus/$fuzzer"
    "$build/tests/fuzz/$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$fuzzer-" \
        "$build/corpus/$fuzzer" "$build/seeds/$fuzzer" > "$build/logs/$fuzzer.log" 2>&1
}
failed=()
report() {
    local fuzzer=$1 status=$2 runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/logs/$fuzzer.log" | tail -1)
    if [ "$status" -ne 0 ]; then
        failed+=("$fuzzer")
        echo "run-fuzzers: $fuzzer FAILED (exit $status); its log:"
        tail -60 "$build/logs/$fuzzer.log"
    else
        echo "run-fuzzers: $fuzzer ok: ${runs:-?} executions in ${seconds}s, no finding"
    fi
}
# Two at a time (CI has two cores).
for ((i = 0; i < ${#fuzzers[@]}; i += 2)); do
    pids=()
    batch=("${fuzzers[@]:i:2}")
    for fuzzer in "${batch[@]}"; do
        run "$fuzzer" &
        pids+=($!)
    done
    for j in "${!batch[@]}"; do
        status=0
        wait "${pids[j]}" || status=$?
        report "${batch[j]}" "$status"
    done
done
if ((${#failed[@]})); then
    echo "run-fuzzers: findings in ${failed[*]} (inputs in $build/artifacts/)" >&2
    exit 1
fi
echo "run-fuzzers: all ${#fuzzers[@]} fuzzers ran ${seconds}s each without a finding"
