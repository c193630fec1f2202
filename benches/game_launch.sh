# Sourced by the game benchmarks: makes $scratch, a directory removed at exit (the game killed
# first), and gives launch_game, which starts the game binary $game on the virtual display
# with its files and state dump in $scratch and the given arguments after `play`, sets $pid,
# and waits until the scene is first ready (the game's log is printed if it dies first). The
# log goes to $GAME_LOG where that is set (to keep it, the renderer's adapter say), else
# beside.
scratch=$(mktemp -d)
pid=
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$scratch"' EXIT

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
