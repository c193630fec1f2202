# Sourced by the game benchmarks: starts the game binary $game on the virtual display with
# its files and state dump in $scratch and the given arguments after `play`, sets $pid, and
# waits until the scene is first ready (the game's log is printed if it dies first).
launch_game() {
  YONMOKU_STATE_FILE="$scratch/state.json" "$game" --data-dir "$scratch" play "$@" \
    >"$scratch/log" 2>&1 &
  pid=$!
  until grep -q '"ready":true' "$scratch/state.json" 2>/dev/null; do
    kill -0 "$pid" || { cat "$scratch/log"; exit 1; }
    sleep 0.2
  done
}
