//! Speed of the rules: playing moves with the win check, and generating legal moves.
//! Run with `cargo bench --no-default-features --bench rules`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use yonmoku::rules::{Game, Peg, Position};

/// Fixed pseudo-random games (xorshift), played to the end.
fn sample_games(count: usize) -> Vec<Vec<Peg>> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let mut game = Game::new();
            while !game.position().is_over() {
                let legal = game.position().legal_moves();
                game.play(legal[(next() % legal.len() as u64) as usize]).unwrap();
            }
            game.moves().to_vec()
        })
        .collect()
}

fn play_and_check(c: &mut Criterion) {
    let games = sample_games(1_000);
    let moves: u64 = games.iter().map(|g| g.len() as u64).sum();
    let mut group = c.benchmark_group("rules");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("play+win-check (per move)", |b| {
        b.iter(|| {
            for game in &games {
                let mut position = Position::new();
                for &peg in game {
                    black_box(position.play(peg)).ok();
                }
                black_box(position.status());
            }
        })
    });
    let positions: Vec<Position> = games
        .iter()
        .flat_map(|g| (0..g.len()).map(|n| Position::after(&g[..n]).unwrap()))
        .collect();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal-cells mask (per position)", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).legal_cells().count_ones()).sum::<u32>())
    });
    group.bench_function("legal-moves list (per position)", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, play_and_check);
criterion_main!(benches);
