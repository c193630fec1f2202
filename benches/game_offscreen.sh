#!/usr/bin/env bash
# Frame times of the whole game while the computer thinks, against while it does not, drawn
# into an image instead of a window (`play --offscreen`): for a machine with a GPU and no
# display, where Xvfb cannot show what a real GPU's Vulkan driver draws. The game runs with
# no X server, Black played by the computer at BLACK (default cpu:3, quick searches) and
# White at LEVEL (default 6), from MOVES (default: the bench's early position, as
# game_thinking.sh). Every frame is drawn as soon as the last is done, so the intervals are
# the frame times themselves. After SECONDS (default 90) of play, or at the game's end, the
# state dump gives frames, median, 95th percentile and longest interval with a search
# running and without. Run it under `taskset -c …` to give the game fewer cores.
# Usage: benches/game_offscreen.sh [BINARY] [SECONDS] [LEVEL]
set -euo pipefail
game=${1:-${CARGO_TARGET_DIR:-$HOME/.cache/yonmoku-target}/debug/yonmoku}
seconds=${2:-90}
level=${3:-6}
moves=${MOVES:-c2 d3 c4 b1 a4 c2 c4 d2}
scratch=$(mktemp -d)
pid=
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$scratch"' EXIT
unset DISPLAY WAYLAND_DISPLAY
source "$(dirname "$0")/game_launch.sh"
launch_game --offscreen --moves "$moves" --black "${BLACK:-cpu:3}" --white "cpu:$level"
python3 - "$scratch/state.json" "$seconds" "$(nproc)" "${GAME_LOG:-$scratch/log}" <<'PY'
import json, re, sys, time
state_file, seconds, cores, log = sys.argv[1:5]
def state():
    with open(state_file) as f:
        return json.load(f)
end = time.time() + float(seconds)
while time.time() < end and state()["status"] == "ongoing":
    time.sleep(0.5)
s = state()
renderer = re.search(r"renderer (.*)", open(log).read())
print(f"{cores} cores; {renderer.group(1) if renderer else 'renderer unknown'}")
print(f"{s['ply']} plies, {s['status']}: {s['moves']}")
ms = lambda value: "-" if value is None else f"{value:.1f}"
for case in ("searching", "idle"):
    f = s["frame_intervals"][case]
    print(f"{case:>9}: {f['frames']:6} frames, median {ms(f['median_ms'])} ms, "
          f"95th percentile {ms(f['p95_ms'])} ms, longest {ms(f['max_ms'])} ms")
PY
