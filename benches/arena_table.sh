#!/usr/bin/env bash
# Every level against every other: the README's table of strength, measured with `yonmoku
# arena`. Plays GAMES games for each ordered pair of levels (each level as Black and as
# White against each other one), JOBS arenas side by side with one search thread each, and
# prints the table: wins–draws–losses of the row's level, then its total.
# Usage: benches/arena_table.sh [GAMES] [TIME_SCALE] [SEED] [JOBS] [BINARY]
set -euo pipefail
games=${1:-16}
time_scale=${2:-1}
seed=${3:-1}
jobs=${4:-2}
binary=${5:-${CARGO_TARGET_DIR:-$HOME/.cache/yonmoku-target}/release/yonmoku}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# One arena per ordered pair, its plain output's second line kept as "black white games
# black-won draws white-won mean-plies black-ms white-ms".
for black in 1 2 3 4 5 6; do
  for white in 1 2 3 4 5 6; do
    [ "$black" = "$white" ] || echo "$black $white"
  done
done | xargs -P "$jobs" -L 1 sh -c '
  "$0" arena --black "cpu:$5" --white "cpu:$6" --games "$1" --time-scale "$2" \
    --seed "$3" --threads 1 | sed -n 2p > "$4/$5-$6"
' "$binary" "$games" "$time_scale" "$seed" "$scratch"

cat "$scratch"/* | awk -v games="$games" -v scale="$time_scale" -v seed="$seed" '
  {
    split($1, b, ":"); split($2, w, ":"); black = b[2]; white = w[2]
    # The row level as Black, then as White.
    won[black, white] += $4; drawn[black, white] += $5; lost[black, white] += $6
    won[white, black] += $6; drawn[white, black] += $5; lost[white, black] += $4
  }
  END {
    printf "%d games a colour a pair, time scale %s, seed %s\n\n", games, scale, seed
    printf "| level | vs 1 | vs 2 | vs 3 | vs 4 | vs 5 | vs 6 | total |\n"
    printf "|---|---|---|---|---|---|---|---|\n"
    for (r = 1; r <= 6; r++) {
      line = "| " r " |"; tw = td = tl = 0
      for (c = 1; c <= 6; c++) {
        if (r == c) { line = line " — |"; continue }
        line = line sprintf(" %d–%d–%d |", won[r, c], drawn[r, c], lost[r, c])
        tw += won[r, c]; td += drawn[r, c]; tl += lost[r, c]
      }
      printf "%s %d–%d–%d |\n", line, tw, td, tl
    }
  }'
