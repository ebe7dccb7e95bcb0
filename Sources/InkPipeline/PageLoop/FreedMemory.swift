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
///   then wait on its lock (futex wake-ups were 5 % of an export's CPU), and a
///   1000-page export of the real manual took 7.1–7.4 s against 6.2–6.3 s.
/// - glibc raises its threshold for serving a block from its own mapping to
///   the largest such block freed, so after the first dense page a page's
///   arrays (megabytes) come from the heap and leave it fragmented. A fixed
///   1 MB threshold gives the largest back when freed; a 64 KB one also did,
///   but mapped and unmapped (and faulted in) every line buffer and content
///   array of every page (page faults and munmap, 5 % of the CPU). Measured on
///   the 1000-page real manual: flatten 11.4–12.4 s → 9.5–10.2 s, export as above,
///   for 1 MB more (flatten 62.7 MB, export 53.3 MB summed PSS).
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
