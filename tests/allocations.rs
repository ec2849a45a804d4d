//! No allocation per move in a playout once its buffers are warm: a counting global allocator.

use ludus::engine::{playout, Scratch};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

mod setup;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playouts_allocate_nothing_once_warm() {
    // Every shipped game, so that a new one is held to it from the start.
    let files = setup::shipped_games();
    assert!(files.len() >= 10, "{files:?}");
    for path in files {
        let name = path.display().to_string();
        let game = ludus::load_file(&path, &[]).unwrap();
        let start = game.new_initial_state();
        let mut state = start.clone();
        let mut scratch = Scratch::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        // Warm-up: buffers grow to the longest game they will see.
        for _ in 0..200 {
            state.clone_from(&start);
            playout(&game, &mut state, &mut rng, &mut scratch);
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut edges = 0u64;
        for _ in 0..50 {
            state.clone_from(&start);
            edges += playout(&game, &mut state, &mut rng, &mut scratch).edges as u64;
        }
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
        // Another thread of the test harness may allocate meanwhile; a playout's own would be thousands.
        assert!(
            allocated < 10,
            "{name}: {allocated} allocations over {edges} edges"
        );
    }
}
