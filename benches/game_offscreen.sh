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
unset DISPLAY WAYLAND_DISPLAY
source "$(dirname "$0")/game_launch.sh"
launch_game --offscreen --moves "$moves" --black "${BLACK:-cpu:3}" --white "cpu:$level"
# Play on until SECONDS have passed or the game is over.
end=$((SECONDS + seconds))
while ((SECONDS < end)) && grep -q '"status":"ongoing"' "$scratch/state.json"; do
  sleep 0.5
done
echo "$(nproc) cores; $(grep -o 'renderer .*' "${GAME_LOG:-$scratch/log}" | head -1)"
python3 "$(dirname "$0")/frame_summary.py" "$scratch/state.json"
