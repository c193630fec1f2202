#!/usr/bin/env bash
# Launch time and idle CPU of the game window, measured as a player would see them: the real
# binary on a virtual display (Xvfb, Mesa's software Vulkan where there is no GPU).
# Prints the time to the first frame and to the settled scene (from the game's state dump),
# then the CPU time the process used over SECONDS (default 10) of sitting idle.
# Usage: benches/game_idle.sh [BINARY] [SECONDS]   (run under `xvfb-run -a` without a display)
set -euo pipefail
game=${1:-${CARGO_TARGET_DIR:-$HOME/.cache/yonmoku-target}/debug/yonmoku}
seconds=${2:-10}
source "$(dirname "$0")/game_launch.sh"
launch_game
# The last frames after "ready" (shader variants still compiling) take a while under software
# rendering; measure once they are done.
sleep "${SETTLE:-20}"
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
python3 - "$scratch/state.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"first frame after {s['first_frame_ms']} ms, scene settled after {s['ready_ms']} ms")
PY
before=$(ticks)
sleep "$seconds"
after=$(ticks)
hz=$(getconf CLK_TCK)
awk -v t=$((after - before)) -v hz="$hz" -v s="$seconds" \
  'BEGIN { printf "idle: %.2f s of CPU in %d s (%.1f%% of one core)\n", t / hz, s, 100 * t / hz / s }'
