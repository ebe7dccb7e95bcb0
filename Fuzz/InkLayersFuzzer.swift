// A libFuzzer target for the ink-layers codec: every input is read as a header
// and as a page layer; what reads must write back and read again to the same
// value, write the same bytes a second time, and have its page found by the
// scan that skips unselected pages (`InkLayersRoundTrip`). A crash, a trap, a
// hang, unbounded memory or a broken round trip is a finding. Built and run by
// scripts/fuzz.sh; findings become inputs of Tests/InkModelTests/FuzzRegressionTests.swift.
// Compiled together with Sources/InkModel (see scripts/fuzz.sh), so no import is needed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkLayers(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if let problem = InkLayersRoundTrip.problem(with: UnsafeRawBufferPointer(start: data, count: count)) {
        fatalError("round trip broken: \(problem)")
    }
    return 0
}
