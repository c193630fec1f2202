#!/usr/bin/env python3
"""The frame intervals in a game's state dump (YONMOKU_STATE_FILE), with a search running and
without: frames, median, 95th percentile and longest, after the game's moves and result.
Shared by the frame-pacing benchmarks. Usage: frame_summary.py STATE_FILE"""
import json
import sys


def main(state_file):
    with open(state_file) as f:
        state = json.load(f)
    print(f"{state['ply']} plies, {state['status']}: {state['moves']}")
    ms = lambda value: "-" if value is None else f"{value:.1f}"
    for case in ("searching", "idle"):
        f = state["frame_intervals"][case]
        print(f"{case:>9}: {f['frames']:6} frames, median {ms(f['median_ms'])} ms, "
              f"95th percentile {ms(f['p95_ms'])} ms, longest {ms(f['max_ms'])} ms")


if __name__ == "__main__":
    main(sys.argv[1])
