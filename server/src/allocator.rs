//! The allocator, and when it is told to give freed memory back to the system.
//!
//! mimalloc returns what a thread frees only when that thread next calls into it, after a delay:
//! a thread that falls idle keeps it. Measured (BENCHMARKS.md, issue 29): 64 logins left the
//! process 20 MB larger for as long as it ran, each password hash's 19 MiB kept by the blocking
//! thread that ran it. (A collection after start-up was tried and freed nothing measurable: what
//! start-up frees belongs to threads that go on working, and they return it themselves.)

/// mimalloc, not glibc's allocator: 30 % more searches a second (BENCHMARKS.md, issue 26). Set
/// here, not in `main.rs`, so the tests run on the allocator the server runs on. The library's own
/// unit tests have the library built without `test` beside them (its dev-dependency), whose
/// allocator would be a second: they keep the system's and only link mimalloc, for `mi_collect`.
#[cfg(not(test))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
#[cfg(test)]
extern crate mimalloc as _;

unsafe extern "C" {
    /// mimalloc's collection of the calling thread's freed memory (`force`: return it now).
    fn mi_collect(force: bool);
}

/// Returns to the system what this thread has freed, now.
pub fn give_back() {
    // SAFETY: `mi_collect` takes no pointers and may be called from any thread at any time.
    unsafe { mi_collect(true) }
}
