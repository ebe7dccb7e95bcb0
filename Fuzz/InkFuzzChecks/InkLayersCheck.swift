@testable import InkModel

/// The ink-layers codec: every input is read as a header and as a page layer; what reads must
/// write back and read again to the same value, write the same bytes a second time, and have its
/// page found by the scan that skips unselected pages (`InkLayersRoundTrip`).
enum InkLayersCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        InkLayersRoundTrip.problem(with: bytes).map { "round trip broken: \($0)" }
    }
}
