//! The allocator, and when it is told to give freed memory back to the system.
//!
//! mimalloc returns what a thread frees only when that thread next calls into it, after a delay:
//! a thread that falls idle keeps it: logins left the process larger for as long as it ran, each
//! password hash's 19 MiB kept by the blocking thread that ran it (BENCHMARKS.md#job-cache-memory).
//! (A collection after start-up was tried and freed nothing measurable: what
//! start-up frees belongs to threads that go on working, and they return it themselves.)

/// mimalloc, not glibc's allocator: more searches a second (BENCHMARKS.md#search-at-full-speed).
/// Set here, not in `main.rs`, so the tests run on the allocator the server runs on. The library's
/// own unit tests have the library built without `test` beside them (its dev-dependency), whose
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

/// Turns transparent huge pages off for this process: its memory is then mapped 4 kB at a time.
///
/// mimalloc asks for huge pages where the system leaves it to each process (Debian's default,
/// `madvise`), and the kernel then maps, and zeroes, 2 MB at each first touch: a page held for a
/// few kilobytes of one allocation counts whole in the process's memory, and mimalloc's returning
/// of freed memory splits it. Without them first reads leave the process smaller and take less CPU,
/// and a read of a kept page takes a little more (more TLB misses over 4 kB pages;
/// BENCHMARKS.md#job-cache-memory). Called first thing in `main`, before most of the memory
/// is mapped; the setting holds for every mapping from then on, and for child processes.
pub fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE reads only the plain values passed to it.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(test)]
mod tests {
    #[cfg(target_os = "linux")]
    #[test]
    fn huge_pages_are_turned_off_for_the_process() {
        super::no_huge_pages();
        // SAFETY: PR_GET_THP_DISABLE takes no pointers.
        assert_eq!(unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) }, 1);
    }
}
