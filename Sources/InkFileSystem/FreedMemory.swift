import CMalloc

/// Keeps the allocator's footprint to what the work holds.
///
/// - glibc keeps freed memory for reuse, so a burst (qpdf's tables while the
///   page tree is walked) stays in the process's footprint for the rest of the
///   run, fragmented among the long-lived allocations: after such a phase,
///   `release()` returns the whole free pages.
/// - glibc gives each thread that allocates its own arena, each holding freed
///   memory of its own. Two arenas (the ink's threads and the drawing thread
///   share them) bound that; one arena was tried and costs time: the threads
///   then wait on its lock (futex wake-ups show in an export's profile, and it
///   takes longer).
/// - glibc raises its threshold for serving a block from its own mapping to
///   the largest such block freed, so after the first dense page a page's
///   arrays (megabytes) come from the heap and leave it fragmented. A fixed
///   1 MB threshold gives the largest back when freed; a 64 KB one also did,
///   but mapped and unmapped (and faulted in) every line buffer and content
///   array of every page (page faults and munmap show in the profile). 1 MB
///   made flatten and export of a long real manual faster, for little more
///   memory (docs/benchmarks.md, "The page loop").
/// - Freed memory at the top of the heap goes back above 64 KB.
public enum FreedMemory {
    /// Returns the free pages at the top and in the middle of the heap to the system.
    ///
    /// The corresponding C function is `malloc_trim`.
    public static func release() {
        _ = malloc_trim(0)
    }

    /// Makes the threads allocate from two arenas, and blocks of 1 MB and more from
    /// mappings of their own; call it at start, before any thread.
    ///
    /// The corresponding C function is `mallopt` (`M_ARENA_MAX`, `M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`).
    public static func configure() {
        _ = mallopt(M_ARENA_MAX, 2)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 10)
    }
}
