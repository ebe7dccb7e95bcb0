// The libFuzzer entry points over InkFuzzChecks: the target is named by INKPDF_FUZZ_TARGET
// (ink-layers, remarkable, xournal, inkml, rnote, pdf-annotations or serve-request), every
// input goes through its check, and a broken promise is a finding (a trap). Declared in
// Package.swift only when INKPDF_FUZZ_BUILD is set, and built by scripts/fuzz.sh with
// `--sanitize=fuzzer`, whose libFuzzer brings `main`.
import Foundation
import InkFuzzChecks

private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["INKPDF_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("inkpdf-fuzz: INKPDF_FUZZ_TARGET '\(name)' is not a fuzz target (\(names))\n".utf8))
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func initializeFuzzer(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let problem = target.problem(with: UnsafeRawBufferPointer(start: data, count: count)) {
        fatalError("\(target.rawValue): \(problem)")
    }
    return 0
}
