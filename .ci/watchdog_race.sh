#!/usr/bin/env bash
# The Lua watchdog must never touch the Lua state from its own thread
# (issue 19: lua_sethook from the watchdog raced with the interpreter and
# corrupted memory). Run the interrupt stress test under valgrind's helgrind,
# which sees every memory access of every thread, and fail on any race
# report between the watchdog and Lua's C code. Deterministic, unlike waiting
# for a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; }
# Built for any x86-64 (the environment's empty flags replace
# .cargo/config.toml's target-cpu=native), in a target folder of its own:
# valgrind does not decode every instruction a native build may use (AVX-512,
# AMD's SSE4a), and the race does not depend on them.
export RUSTFLAGS="" CARGO_TARGET_DIR=target/portable
bin=$(cargo test --release --test lua_watchdog_stress --no-run --message-format=json 2>/dev/null \
  | python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "lua_watchdog_stress":
        print(m["executable"])')
log=$(mktemp)
PHYSBOX_STRESS_ROUNDS=2 valgrind --tool=helgrind "$bin" interrupting --test-threads 1 >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
python3 .ci/helgrind_lua_races.py "$log"
rm -f "$log"
