#!/usr/bin/env bash
# Frame pacing of the game window while the computer thinks, against while it does not: the
# real binary on a virtual display (Xvfb, Mesa's software Vulkan where there is no GPU),
# Black played by clicks on the pegs (xdotool; the move a 4-ply search picks) and White by the
# computer at LEVEL (default 6). After SECONDS (default 120) of play the game's state dump
# gives the intervals between frames with a search running and without (the player's turns,
# the pause before the computer's move is shown, the spheres' falls): frames, median, 95th
# percentile and longest. The game starts from MOVES (default: a position of the bench's
# early set, past the opening book, so that the computer searches from its first move).
# Frames count from when the scene is first ready (the shaders compiled).
# Usage: benches/game_thinking.sh [BINARY] [SECONDS] [LEVEL]   (under `xvfb-run -a` without a display)
set -euo pipefail
game=${1:-${CARGO_TARGET_DIR:-$HOME/.cache/yonmoku-target}/debug/yonmoku}
seconds=${2:-120}
level=${3:-6}
moves=${MOVES:-c2 d3 c4 b1 a4 c2 c4 d2}
source "$(dirname "$0")/game_launch.sh"
launch_game --moves "$moves" --black human --white "cpu:$level"
window=$(xdotool search --sync --name '^Yonmoku$' | head -1)
python3 - "$scratch/state.json" "$window" "$seconds" "$game" <<'PY'
import json, subprocess, sys, time
state_file, window, seconds, game = sys.argv[1:5]
seconds = float(seconds)
def state():
    with open(state_file) as f:
        return json.load(f)
end = time.time() + seconds
last_ply, clicked_at = None, 0.0
while time.time() < end:
    s = state()
    if s["status"] != "ongoing":
        break
    # Black's turn, the scene still: click the peg of the move (the dump has where each
    # peg's next sphere would land), again if a click did not take within 5 s.
    fresh = s["ply"] != last_ply or time.time() - clicked_at > 5
    if s["to_move"] == "black" and not s["thinking"] and s["calm"] and fresh:
        moves = s["moves"].replace(".", " ").split()
        moves = " ".join(m for m in moves if not m.isdigit())
        out = subprocess.run([game, "analyze", moves, "--depth", "4", "--json"],
                             capture_output=True, text=True, check=True).stdout
        x, y = s["pegs"][json.loads(out.splitlines()[-1])["best"]]
        subprocess.run(["xdotool", "mousemove", "--window", window, str(int(x)), str(int(y)),
                        "click", "1"], check=True)
        last_ply, clicked_at = s["ply"], time.time()
    time.sleep(0.2)
PY
echo "$(nproc) cores"
python3 "$(dirname "$0")/frame_summary.py" "$scratch/state.json"
