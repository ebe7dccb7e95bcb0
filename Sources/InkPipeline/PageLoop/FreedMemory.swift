import CMalloc

/// Keeps the allocator's footprint to what the work holds.
///
/// - glibc keeps freed memory for reuse, so a burst (qpdf's tables while the
///   page tree is walked) stays in the process's footprint for the rest of the
///   run, fragmented among the long-lived allocations: after such a phase,
///   `release()` returns the whole free pages.
/// - glibc gives each thread that allocates its own arena, each holding freed
///   memory of its own: the ink's threads and the drawing thread then keep
///   three heaps' worth. One shared arena costs no time measurably here (the
///   threads allocate per page, not per point) and about 5 MB less a run.
/// - glibc raises its threshold for serving a block from its own mapping to
///   the largest such block freed, so after the first dense page a page's
///   arrays (megabytes) come from the heap and leave it fragmented. A fixed
///   64 KB threshold gives them back when freed (2 to 3 MB less, measured).
public enum FreedMemory {
    /// Returns the free pages at the top and in the middle of the heap to the system.
    ///
    /// The corresponding C function is `malloc_trim`.
    public static func release() {
        _ = malloc_trim(0)
    }

    /// Makes every thread allocate from one arena, and large blocks from mappings of
    /// their own; call it at start, before any thread.
    ///
    /// The corresponding C function is `mallopt` (`M_ARENA_MAX`, `M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`).
    public static func configure() {
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_MMAP_THRESHOLD, 64 << 10)
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 10)
    }
}
