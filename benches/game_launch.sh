# Sourced by the game benchmarks: starts the game binary $game on the virtual display with
# its files and state dump in $scratch and the given arguments after `play`, sets $pid, and
# waits until the scene is first ready (the game's log is printed if it dies first). The log
# goes to $GAME_LOG where that is set (to keep it, the renderer's adapter say), else beside.
launch_game() {
  local log=${GAME_LOG:-$scratch/log}
  YONMOKU_STATE_FILE="$scratch/state.json" "$game" --data-dir "$scratch" play "$@" \
    >"$log" 2>&1 &
  pid=$!
  until grep -q '"ready":true' "$scratch/state.json" 2>/dev/null; do
    kill -0 "$pid" || { cat "$log"; exit 1; }
    sleep 0.2
  done
}
