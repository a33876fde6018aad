#!/usr/bin/env python3
"""Read a helgrind log; fail if any reported race touches the Lua state.

The Lua interpreter is single-threaded: the only thread allowed to read or
write a lua_State is the one that runs it. A race report with a frame in
Lua's C sources (lapi.c, ldebug.c, ldo.c, ...) and a frame in another
thread's code (the watchdog, `limits::watch`) is the bug of issue 19:
`lua_sethook` called from the watchdog thread. Helgrind does not model Rust
atomics, so reports about them alone are noise and are not counted here.
"""
import re
import sys

log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
blocks = re.split(r"\n==\d+== \n(?===\d+== (?:Possible data race|Lock at|Thread #))", log)
lua_frame = re.compile(r"\((l[a-z]+\.c):\d+\)")
bad = [b for b in blocks if "Possible data race" in b and "limits::watch" in b and lua_frame.search(b)]
races = sum(1 for b in blocks if "Possible data race" in b)
print(f"helgrind: {races} race reports, {len(bad)} between the watchdog and the Lua state")
if bad:
    print(bad[0][:4000])
    sys.exit(1)
