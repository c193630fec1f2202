//! Speed of the engine: a fixed-depth search of middle-game positions and solving late-game
//! positions, both from the shipped benchmark sets, with nodes per second as throughput.
//! Run with `cargo bench --no-default-features --bench engine`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use yonmoku::engine;
use yonmoku::rules::{Position, parse_moves};

fn positions(text: &str, count: usize) -> Vec<Position> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(count)
        .map(|l| Position::after(&parse_moves(l).unwrap()).unwrap())
        .collect()
}

fn search(c: &mut Criterion) {
    let set = positions(include_str!("../assets/bench/middle.txt"), 4);
    let depth = Some(9);
    let nodes: u64 = set.iter().map(|p| engine::analyse(p, depth, None).unwrap().nodes).sum();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("middle game, 9 plies, 4 positions", |b| {
        b.iter(|| {
            for p in &set {
                black_box(engine::analyse(black_box(p), depth, None));
            }
        })
    });
    group.finish();
}

fn solve(c: &mut Criterion) {
    let set = positions(include_str!("../assets/bench/late.txt"), 10);
    let nodes: u64 = set.iter().map(|p| engine::solve_value(p, None, None).nodes).sum();
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("28 spheres, value, 10 positions", |b| {
        b.iter(|| {
            for p in &set {
                black_box(engine::solve_value(black_box(p), None, None));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, search, solve);
criterion_main!(benches);
