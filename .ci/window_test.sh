#!/usr/bin/env bash
# Real-window test: physbox in a window under Xvfb, driven with xdotool,
# watched through `xwd` screenshots (converted and compared by .ci/shot.py).
# Checks: bodies are drawn; they move between two screenshots; Space pauses
# (the world stops changing) and the paused app does not burn a core; a key
# the app does not use reaches the scene's on_key; F12 writes a PNG; a
# right-drag pans the view; Shift+click spawns a body; the window is still
# open at the end; puzzle level 1 is won with one click and Enter, and the
# solution the win saved passes `physbox verify`; level 4 is won with Space
# (a key the level takes from the sandbox); hot reload shows saves; edit
# mode writes a drag into the scene file, Ctrl+Z restores it, drawing
# appends a box, O opens the editor. Fails loudly with the
# screenshots kept for inspection.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN="$ROOT/target/release/physbox"
[ -x "$BIN" ] || { echo "window test: build first (cargo build --release)"; exit 1; }

missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v xwd >/dev/null || missing+=(x11-apps)
command -v python3 >/dev/null || missing+=(python3)
# minifb loads these at run time.
ldconfig -p | grep -q 'libX11.so.6' || missing+=(libx11-6)
ldconfig -p | grep -q 'libXcursor.so.1' || missing+=(libxcursor1)
if [ ${#missing[@]} -gt 0 ]; then
  echo "window test: installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

WORK=$(mktemp -d /tmp/physbox-window-test.XXXXXX)
SHOT="python3 $ROOT/.ci/shot.py"
n=90
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
export DISPLAY=":$n"
XVFB_PID=""
APP_PID=""
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT
fail() {
  echo "WINDOW TEST FAILED: $*"
  # (Twice a window failed to open with "XOpenDisplay failed" while another
  # test run loaded the machine: say whether the X server was still there.)
  if kill -0 "$XVFB_PID" 2>/dev/null; then
    echo "(Xvfb on $DISPLAY is still running)"
  else
    echo "(Xvfb on $DISPLAY is gone; its log: $(tail -3 "$WORK/xvfb.log" 2>/dev/null))"
  fi
  for f in "$WORK"/*.xwd; do [ -e "$f" ] && $SHOT png "$f" "${f%.xwd}.png" || true; done
  for log in "$WORK"/app*.log; do
    [ -e "$log" ] && { echo "--- $(basename "$log") ---"; cat "$log"; }
  done
  echo "screenshots kept in $WORK"
  exit 1
}

Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
xdotool getdisplaygeometry >/dev/null 2>&1 || fail "Xvfb did not start"

# A scene that keeps moving: balls rain onto a floor; keys are echoed.
cat >"$WORK/window_test.lua" <<'LUA'
scene { title = "window test", camera = {0, 4, 12}, background = "#101218" }
box { x = 0, y = -0.5, w = 30, h = 1, static = true, color = "gray" }
for i = 0, 9 do box { x = -6 + i * 1.3, y = 0.5, w = 1, h = 1, color = "orange" } end
local n = 0
function update(dt)
  n = n + 1
  if n % 6 == 0 and n < 2000 then
    circle { x = -7 + (n * 0.37) % 14, y = 9, r = 0.3, restitution = 0.5, color = "cyan" }
  end
end
function on_key(k, down) if down then print("KEY " .. k) end end
LUA

cd "$WORK"
"$BIN" window_test.lua >"$WORK/app.log" 2>&1 &
APP_PID=$!
WID=$(timeout 20 xdotool search --sync --name 'physbox' | head -1) || fail "no physbox window appeared"
eval "$(xdotool getwindowgeometry --shell "$WID")"   # X Y WIDTH HEIGHT
echo "window test: window $WID at $X,$Y size ${WIDTH}x${HEIGHT} on $DISPLAY"
# No window manager: focus follows the pointer, and XTEST keys go there.
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
xdotool windowfocus "$WID" 2>/dev/null || true
# Held for a while, as a person presses (instant taps: below).
tap() { xdotool keydown "$1"; sleep 0.15; xdotool keyup "$1"; }
shot() { xwd -root -silent >"$WORK/$1.xwd" || fail "xwd failed"; }
# The world, away from the HUD (top), plots (bottom left) and messages (bottom).
BOX="$X $((Y + 170)) $((X + WIDTH)) $((Y + HEIGHT - 170))"
ge() { python3 -c "import sys; sys.exit(0 if float('$1') >= float('$2') else 1)"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$APP_PID/stat"; }

sleep 1.5
shot a; sleep 0.8; shot b
drawn=$($SHOT drawn "$WORK/a.xwd")
moved=$($SHOT diff "$WORK/a.xwd" "$WORK/b.xwd" $BOX)
echo "window test: drawn $drawn of the screen, moved $moved of the world between two shots"
ge "$drawn" 0.02 || fail "too little drawn ($drawn)"
ge "$moved" 0.001 || fail "nothing moved between two screenshots ($moved)"

tap space
sleep 0.5
t0=$(cpu_ticks)
shot c; sleep 2; shot d
t1=$(cpu_ticks)
still=$($SHOT diff "$WORK/c.xwd" "$WORK/d.xwd" $BOX)
hz=$(getconf CLK_TCK)
paused_cpu=$(python3 -c "print(round(100 * ($t1 - $t0) / $hz / 2))")
echo "window test: paused: world changed $still, CPU ${paused_cpu}% of a core"
ge 0.0005 "$still" || fail "Space did not pause: the world still changes ($still)"
ge 30 "$paused_cpu" || fail "paused app uses ${paused_cpu}% of a core"

tap k
sleep 0.5
grep -q '^KEY k$' "$WORK/app.log" || fail "key k did not reach on_key"
# A tap far shorter than a frame (xdotool sends down and up at once): X
# reports both, and the app keeps the transitions, not only what is held
# when it looks.
xdotool key j; xdotool key j; xdotool key j
sleep 0.5
taps=$(grep -c '^KEY j$' "$WORK/app.log" || true)
[ "$taps" = 3 ] || fail "three instant taps of j reached on_key $taps times"
echo "window test: three instant taps of j, $taps on_key calls"

tap F12
sleep 0.5
png=$(ls "$WORK"/screenshots/*.png 2>/dev/null | head -1)
[ -n "$png" ] || fail "F12 wrote no screenshot"
size=$($SHOT pngok "$png") || fail "F12 screenshot is not a PNG"
echo "window test: F12 wrote $png ($size)"

# Right-drag pans: the whole world shifts.
cx=$((X + WIDTH / 2)); cy=$((Y + HEIGHT / 2))
shot e
xdotool mousemove "$cx" "$cy"; sleep 0.2
xdotool mousedown 3; sleep 0.2
for dx in 40 80 120 160; do xdotool mousemove $((cx + dx)) "$cy"; sleep 0.1; done
xdotool mouseup 3; sleep 0.4
shot f
panned=$($SHOT diff "$WORK/e.xwd" "$WORK/f.xwd" $BOX)
echo "window test: right-drag changed $panned of the world"
ge "$panned" 0.005 || fail "right-drag did not pan ($panned)"

# Shift+click spawns a body at an empty spot (high above the floor).
sx=$cx; sy=$((Y + 200))
xdotool mousemove "$sx" "$sy"; sleep 0.3
shot g
xdotool keydown shift; sleep 0.2; xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.2; xdotool keyup shift
xdotool mousemove $((sx + 300)) $((sy + 200)); sleep 0.4
shot h
spawned=$($SHOT diff "$WORK/g.xwd" "$WORK/h.xwd" $((sx - 20)) $((sy - 20)) $((sx + 20)) $((sy + 20)))
echo "window test: shift+click changed $spawned of the spot"
ge "$spawned" 0.2 || fail "shift+click did not spawn a body ($spawned)"

kill -0 "$APP_PID" 2>/dev/null || fail "physbox exited on its own"
# Unpaused, the default scene's CPU use (reported, not judged).
tap space; sleep 0.5
t0=$(cpu_ticks); sleep 2; t1=$(cpu_ticks)
echo "window test: running: CPU $(python3 -c "print(round(100 * ($t1 - $t0) / $hz / 2))")% of a core"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
APP_PID=""

# A puzzle in the real window: level 1 opens in build mode with the plank
# picked; one click lays it over the gap, Enter starts, the win saves a
# solution by itself, and `physbox verify` confirms it.
"$BIN" "$ROOT/scenes/puzzles/01_bridge.lua" >"$WORK/app.log" 2>&1 &
APP_PID=$!
WID=$(timeout 20 xdotool search --sync --name 'physbox' | head -1) || fail "no puzzle window appeared"
eval "$(xdotool getwindowgeometry --shell "$WID")"
# World (0.3, 0.12) through the level's camera {0.5, 1.5, 9}: 9 m top to bottom.
read -r px py < <(python3 -c "s = $HEIGHT / 9; print(round($X + $WIDTH / 2 + (0.3 - 0.5) * s), round($Y + $HEIGHT / 2 - (0.12 - 1.5) * s))")
xdotool mousemove "$px" "$py"; sleep 0.3
xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.3
tap Return
solution="$WORK/screenshots/01_bridge-solution.json"
for _ in $(seq 40); do [ -s "$solution" ] && break; sleep 0.5; done
[ -s "$solution" ] || fail "level 1 was not won in the window (no solution saved)"
verdict=$("$BIN" verify "$ROOT/scenes/puzzles/01_bridge.lua" "$solution") || fail "verify of the window's solution: $verdict"
echo "window test: puzzle level 1 won in the window; verify: $verdict"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
APP_PID=""

# Puzzle level 4 takes Space (scene { keys = {"space"} }): the plank goes
# over the gap, Enter starts, and Space must reach the level's on_key (cut
# the rope) instead of pausing. Space about 0.9 s after Enter wins (the
# window of steps 42-66 after Start, measured with verify); a miss is
# reset with Backspace and tried again. The won solution holds the key and
# passes verify.
"$BIN" "$ROOT/scenes/puzzles/04_timing.lua" >"$WORK/app4.log" 2>&1 &
APP_PID=$!
WID=$(timeout 20 xdotool search --sync --name 'physbox' | head -1) || fail "no level 4 window appeared"
eval "$(xdotool getwindowgeometry --shell "$WID")"
# World (1.7, 0.12) through the level's camera {0.5, 2.5, 9}.
read -r px py < <(python3 -c "s = $HEIGHT / 9; print(round($X + $WIDTH / 2 + (1.7 - 0.5) * s), round($Y + $HEIGHT / 2 - (0.12 - 2.5) * s))")
xdotool mousemove "$px" "$py"; sleep 0.3
xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.3
xdotool mousemove $((X + WIDTH - 20)) $((Y + 60)); sleep 0.2   # out of the way
solution4="$WORK/screenshots/04_timing-solution.json"
for attempt in 1 2 3 4; do
  tap Return; sleep 0.75
  xdotool keydown space; sleep 0.1; xdotool keyup space
  sleep 1.5; shot l4
  for _ in $(seq 12); do [ -s "$solution4" ] && break; sleep 0.5; done
  [ -s "$solution4" ] && break
  echo "window test: level 4 attempt $attempt missed; Backspace resets"
  tap BackSpace; sleep 0.8
done
[ -s "$solution4" ] || fail "level 4 was not won with Space in the window"
grep -q '"key": "space"' "$solution4" || fail "level 4's saved solution has no Space press: $(cat "$solution4")"
verdict=$("$BIN" verify "$ROOT/scenes/puzzles/04_timing.lua" "$solution4") || fail "verify of level 4's window solution: $verdict"
$SHOT png "$WORK/l4.xwd" "$ROOT/target/window-test-level4.png" || true
echo "window test: puzzle level 4 won in the window with Space (attempt $attempt); verify: $verdict"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
APP_PID=""

# No display: say so, run 10 simulated seconds headless, write a picture.
out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$BIN" window_test.lua 2>&1) || fail "headless fallback failed: $out"
echo "$out" | grep -q 'no display' || fail "the fallback did not say there is no display: $out"
$SHOT pngok "$WORK/screenshots/window_test-headless.png" >/dev/null || fail "the fallback wrote no screenshot"
echo "window test: no-display fallback ok"

# Hot reload: a scene open in the window is rewritten on disk. The change
# (colour and size of a box) must be on screen within 1 s of the save; a
# syntax error must leave the old scene running (a kinematic bar keeps
# turning) with the error box on screen; a fix clears it.
mkdir -p "$WORK/reload"
cd "$WORK/reload"
reload_scene() { # colour, size in metres
  cat <<LUA
scene { title = "reload test", camera = {0, 0, 10}, background = "#101218" }
box { name = "target", x = 0, y = 0, w = $2, h = $2, static = true, color = "#$1" }
box { name = "bar", x = 5, y = -3.3, w = 2, h = 0.3, type = "kinematic", omega = 3, color = "#e0e0e0" }
LUA
}
reload_scene ff8000 2 >reload_test.lua
"$BIN" reload_test.lua >"$WORK/reload.log" 2>&1 &
APP_PID=$!
WID=$(timeout 20 xdotool search --sync --name 'reload test' | head -1) || fail "no reload-test window appeared"
eval "$(xdotool getwindowgeometry --shell "$WID")"
cx=$((X + WIDTH / 2)); cy=$((Y + HEIGHT / 2))
MID="$((cx - 200)) $((cy - 200)) $((cx + 200)) $((cy + 200))"
BAR="$((cx + 250)) $((cy + 150)) $((cx + 470)) $((cy + 330))"
# Bodies are filled with 15% of the background mixed in (render/bodies.rs):
# #ff8000 shows as #db7004, #00c0ff as #02a6dc. The error box's panel is #1b0d12.
ORANGE="db7004 20"; BLUE="02a6dc 20"
xdotool mousemove $((X + 20)) $((Y + HEIGHT - 20))   # no hover outline
sleep 1.5
shot r0
orange=$($SHOT count "$WORK/r0.xwd" $ORANGE $MID)
echo "window test: reload: the first version draws $orange orange pixels"
[ "$orange" -gt 10000 ] || fail "the reload scene's orange box is not drawn ($orange)"

# Save the new version (in place), then screenshot as fast as xwd goes.
reload_scene 00c0ff 4 >"$WORK/reload_v2.lua"
t_save=$(date +%s.%N)
cat "$WORK/reload_v2.lua" >reload_test.lua
for i in $(seq -w 1 30); do
  xwd -root -silent >"$WORK/p$i.xwd"; date +%s.%N >"$WORK/p$i.t"; sleep 0.02
done
seen=""
for i in $(seq -w 1 30); do
  blue=$($SHOT count "$WORK/p$i.xwd" $BLUE $MID)
  orange=$($SHOT count "$WORK/p$i.xwd" $ORANGE $MID)
  # Four times the area: 4 m x 4 m at 72 px/m, minus edges and the toast.
  if [ "$blue" -gt 60000 ] && [ "$orange" -lt 100 ]; then seen=$i; break; fi
done
[ -n "$seen" ] || fail "the new colour and size never appeared (last: blue $blue, orange $orange)"
took=$(python3 -c "print(round(($(cat "$WORK/p$seen.t") - $t_save) * 1000))")
echo "window test: reload: the new box ($blue blue pixels) was on screen ${took} ms after the save (shot $seen)"
grep 'reload save' "$WORK/reload.log" | tail -1 || true
ge 1000 "$took" || fail "the reload took ${took} ms to show (limit 1000 ms)"

# A syntax error: the old scene keeps running, the error box shows.
printf 'box { x = \n' >reload_test.lua
sleep 1
shot s1; sleep 0.4; shot s2
blue=$($SHOT count "$WORK/s2.xwd" $BLUE $MID)
turned=$($SHOT diff "$WORK/s1.xwd" "$WORK/s2.xwd" $BAR)
errbox=$($SHOT count "$WORK/s2.xwd" 1b0d12 4 $X $Y $((X + WIDTH)) $((Y + HEIGHT)))
echo "window test: reload: after a syntax error: box $blue blue px, bar changed $turned, error box $errbox px"
[ "$blue" -gt 30000 ] || fail "the last good scene is gone after a syntax error ($blue)"
ge "$turned" 0.01 || fail "the last good scene stopped running after a syntax error ($turned)"
[ "$errbox" -gt 10000 ] || fail "no error box on screen after a syntax error ($errbox)"
grep -q 'reload failed: reload_test.lua:2:' "$WORK/reload.log" || fail "the reload error does not name reload_test.lua:2"

# The fix clears the error box.
cat "$WORK/reload_v2.lua" >reload_test.lua
sleep 1
shot s3
errbox=$($SHOT count "$WORK/s3.xwd" 1b0d12 4 $X $Y $((X + WIDTH)) $((Y + HEIGHT)))
echo "window test: reload: after the fix: error box $errbox px"
[ "$errbox" -lt 500 ] || fail "the error box stayed after a good save ($errbox)"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
APP_PID=""
cd "$WORK"

# Edit mode: the file is the source of truth. O opens the editor at the
# selected body's line; Ctrl+E, then a drag rewrites the crate's x in the
# file (that line only) and the reload shows it moved; Ctrl+Z restores the
# file byte for byte; a drag on empty space appends a box line.
mkdir -p "$WORK/edit"
cd "$WORK/edit"
cat >edit_test.lua <<'LUA'
scene { title = "edit test", camera = {0, 0, 10}, background = "#101218" }
-- the crate the test drags
box { name = "crate", x = -3, y = 0,  w = 2, h = 2, static = true, color = "#ff8000" }  -- keep me
LUA
cp edit_test.lua original.lua
cat >fake_editor.sh <<'SH'
#!/bin/sh
echo "$@" > opened.tmp && mv opened.tmp opened.txt
SH
chmod +x fake_editor.sh
PHYSBOX_EDITOR="$WORK/edit/fake_editor.sh {file} {line}" "$BIN" edit_test.lua >"$WORK/edit.log" 2>&1 &
APP_PID=$!
WID=$(timeout 20 xdotool search --sync --name 'edit test' | head -1) || fail "no edit-test window appeared"
eval "$(xdotool getwindowgeometry --shell "$WID")"
cx=$((X + WIDTH / 2)); cy=$((Y + HEIGHT / 2))
s=$((HEIGHT / 10))                     # pixels per metre
OLD="$((cx - 3 * s - s / 2)) $((cy - s / 2)) $((cx - 3 * s + s / 2)) $((cy + s / 2))"
NEW="$((cx + s - s / 2)) $((cy - s / 2)) $((cx + s + s / 2)) $((cy + s / 2))"
ORANGE="db7004 20"
sleep 1.5
# Select the crate (a click), then O.
xdotool mousemove $((cx - 3 * s)) "$cy"; sleep 0.3
xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.3
tap o
for _ in $(seq 20); do [ -s opened.txt ] && break; sleep 0.2; done
[ "$(cat opened.txt 2>/dev/null)" = "edit_test.lua 3" ] || fail "O did not open the editor at edit_test.lua 3 (got '$(cat opened.txt 2>/dev/null)')"
echo "window test: edit: O opened the editor at $(cat opened.txt)"
xdotool keydown ctrl; tap e; xdotool keyup ctrl; sleep 0.3
grep -q 'edit mode: changes are written' "$WORK/edit.log" || fail "Ctrl+E did not enter edit mode"
shot e0
# Drag the crate 4 m to the right.
xdotool mousemove $((cx - 3 * s)) "$cy"; sleep 0.3
xdotool mousedown 1; sleep 0.15
for i in 1 2 3 4 5 6 7 8; do xdotool mousemove $((cx - 3 * s + i * s / 2)) "$cy"; sleep 0.06; done
sleep 0.2; xdotool mouseup 1
sleep 1.2
grep -q 'edit: edit_test.lua:3: x = -3 →' "$WORK/edit.log" || fail "the drag wrote no edit"
python3 - edit_test.lua original.lua <<'PY' || fail "the drag did not rewrite only the crate's x: $(cat edit_test.lua)"
import re, sys
new, old = open(sys.argv[1]).read().splitlines(), open(sys.argv[2]).read().splitlines()
assert len(new) == len(old) and new[:2] == old[:2], "other lines changed"
m = re.fullmatch(r'box \{ name = "crate", x = (-?[0-9.]+), y = (-?[0-9.]+),  w = 2, h = 2, static = true, color = "#ff8000" \}  -- keep me', new[2])
assert m and abs(float(m.group(1)) - 1) < 0.15 and abs(float(m.group(2))) < 0.15, new[2]
PY
shot e1
old_px=$($SHOT count "$WORK/e1.xwd" $ORANGE $OLD); new_px=$($SHOT count "$WORK/e1.xwd" $ORANGE $NEW)
echo "window test: edit: after the drag: $(sed -n 3p edit_test.lua | cut -c1-50)...; orange px old spot $old_px, new spot $new_px"
[ "$new_px" -gt $((s * s / 2)) ] && [ "$old_px" -lt $((s * s / 10)) ] || fail "the moved crate is not shown where the file says"
grep -q 'physbox: reload' "$WORK/edit.log" || fail "the edit did not come back through the hot reload"
# Ctrl+Z: the file as it was, byte for byte, and the crate back.
xdotool keydown ctrl; tap z; xdotool keyup ctrl
sleep 1.2
cmp -s edit_test.lua original.lua || fail "Ctrl+Z did not restore the file: $(cat edit_test.lua)"
shot e2
old_px=$($SHOT count "$WORK/e2.xwd" $ORANGE $OLD)
[ "$old_px" -gt $((s * s / 2)) ] || fail "after Ctrl+Z the crate is not back ($old_px)"
echo "window test: edit: Ctrl+Z restored the file byte for byte; the crate is back"
# Draw a box on empty space: one line appended.
bx=$((cx + 2 * s)); by=$((cy - 3 * s))
xdotool mousemove "$bx" "$by"; sleep 0.3
shot e3
xdotool mousedown 1; sleep 0.15
for i in 1 2 3 4; do xdotool mousemove $((bx + i * s / 4)) $((by + i * s / 4)); sleep 0.06; done
sleep 0.2; xdotool mouseup 1
xdotool mousemove $((X + 20)) $((Y + HEIGHT - 20)); sleep 1.2
shot e4
tail -1 edit_test.lua | grep -q '^box { x = .*, w = 1, h = 1 }$' || fail "drawing did not append a box line: $(tail -2 edit_test.lua)"
drawn=$($SHOT diff "$WORK/e3.xwd" "$WORK/e4.xwd" $((bx + s / 4)) $((by + s / 4)) $((bx + 3 * s / 4)) $((by + 3 * s / 4)))
echo "window test: edit: drew '$(tail -1 edit_test.lua)', its spot changed $drawn"
ge "$drawn" 0.5 || fail "the drawn box is not shown ($drawn)"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
APP_PID=""
cd "$WORK"

# Time travel: scrub on the strip, End shows the very same state again,
# Home the start; replay on save runs the new version and keeps a ghost.
cat >"$WORK/tt_test.lua" <<'LUA'
scene { title = "time travel test", camera = {0, 4, 12}, background = "#101218" }
box { x = 0, y = -0.5, w = 30, h = 1, static = true, color = "gray" }
local n = 0
function update(dt)
  n = n + 1
  if n % 5 == 0 and n < 400 then
    circle { x = -7 + (n * 0.37) % 14, y = 9, r = 0.3, restitution = 0.5, color = "cyan" }
  end
end
LUA
"$BIN" tt_test.lua >"$WORK/tt.log" 2>&1 &
APP_PID=$!
WID=$(timeout 20 xdotool search --sync --name 'physbox' | head -1) || fail "no time travel window appeared"
eval "$(xdotool getwindowgeometry --shell "$WID")"
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2)); sleep 0.2
sleep 3
tap space; sleep 0.5
shot tA
# Drag on the strip (bottom edge) from its right end to its middle.
sy=$((Y + HEIGHT - 8))
xdotool mousemove $((X + WIDTH - 8)) "$sy"; sleep 0.2
xdotool mousedown 1; sleep 0.1
for f in 0.8 0.65 0.5; do xdotool mousemove $(python3 -c "print(int($X + $WIDTH * $f))") "$sy"; sleep 0.12; done
xdotool mouseup 1; sleep 0.5
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 3)); sleep 0.3
shot tB
scrubbed=$($SHOT diff "$WORK/tA.xwd" "$WORK/tB.xwd" $BOX)
tap End; sleep 0.5
shot tC
same=$($SHOT diff "$WORK/tA.xwd" "$WORK/tC.xwd" $BOX)
tap Home; sleep 0.5
shot tD
start=$($SHOT diff "$WORK/tA.xwd" "$WORK/tD.xwd" $BOX)
# , and . step along the recorded run: forward then back is the same picture.
tap End; sleep 0.3
for _ in 1 2 3 4 5 6 7 8 9 10; do tap comma; done; sleep 0.3
shot tS1
tap period; sleep 0.2; tap comma; sleep 0.3
shot tS2
back=$($SHOT diff "$WORK/tA.xwd" "$WORK/tS1.xwd" $BOX)
again=$($SHOT diff "$WORK/tS1.xwd" "$WORK/tS2.xwd" $BOX)
echo "window test: timeline: 10 x ',' changed $back of the world; '.' then ',' changed $again"
ge "$back" 0.0005 || fail "',' did not step back ($back)"
ge 0.0002 "$again" || fail "'.' then ',' did not come back to the same picture ($again)"
$SHOT png "$WORK/tB.xwd" "$WORK/timeline_scrubbed.png"
echo "window test: timeline: scrubbed to the middle changed $scrubbed of the world; End changed $same (exact state again); Home changed $start"
ge "$scrubbed" 0.001 || fail "scrubbing the strip did not change the world ($scrubbed)"
ge 0.0002 "$same" || fail "End did not show the same state as before scrubbing ($same)"
ge "$start" 0.001 || fail "Home did not go to the start ($start)"
# Running on from the past branches (the toast says so).
tap space; sleep 0.6; tap space; sleep 0.3
grep -q 'branched at t = ' "$WORK/tt.log" || fail "running on from the past did not branch: $(tail -3 "$WORK/tt.log")"
echo "window test: timeline: $(grep -o 'branched at t = .*' "$WORK/tt.log" | tail -1)"
# Replay on save: F10 twice (keep state -> restart -> replay), run, save.
tap End; sleep 0.3
tap F10; sleep 0.2; tap F10; sleep 0.3
grep -q 'hot reload: replay' "$WORK/tt.log" || grep -q 'replay' "$WORK/tt.log" || fail "F10 did not reach replay mode: $(tail -3 "$WORK/tt.log")"
tap space; sleep 1
sed -i 's/restitution = 0.5/restitution = 0.9/' tt_test.lua
sleep 2
grep -q 'replayed' "$WORK/tt.log" || fail "the save was not replayed: $(tail -5 "$WORK/tt.log")"
shot tE
$SHOT png "$WORK/tE.xwd" "$WORK/timeline_ghost.png"
echo "window test: replay on save: $(grep -o 'replayed [^;]*' "$WORK/tt.log" | tail -1)"
# The ghost: orange outlines of the previous version; G hides it.
ghost_px=$($SHOT count "$WORK/tE.xwd" a66b33 45 $BOX)
# A key can be missed while the window is busy (seen once in CI): tap
# until the log's last word on the ghost is "hidden", at most three times.
for _ in 1 2 3; do
  tap g
  for _ in $(seq 15); do
    [ "$(grep -o 'ghost hidden\|ghost of the previous version shown' "$WORK/tt.log" | tail -1)" = "ghost hidden" ] && break
    sleep 0.1
  done
  [ "$(grep -o 'ghost hidden\|ghost of the previous version shown' "$WORK/tt.log" | tail -1)" = "ghost hidden" ] && break
done
sleep 0.3
shot tF
hidden_px=$($SHOT count "$WORK/tF.xwd" a66b33 45 $BOX)
grep -q 'ghost hidden' "$WORK/tt.log" || fail "G did not hide the ghost: $(tail -3 "$WORK/tt.log")"
echo "window test: ghost: orange-ish px $ghost_px shown, $hidden_px after G"
[ "$ghost_px" -gt "$hidden_px" ] || fail "the ghost's outlines are not drawn ($ghost_px shown vs $hidden_px hidden)"
mkdir -p "$ROOT/target/window_test"
cp "$WORK/timeline_scrubbed.png" "$WORK/timeline_ghost.png" "$ROOT/target/window_test/" 2>/dev/null || true
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
APP_PID=""

rm -rf "$WORK"
echo "window test: 1 passed, 0 failed"
