import LibCairo
import CZlib
import Foundation
import InkModel
import InkPDFContent
import InkPDFContentTestSupport
import InkRendering
import InkFixtures
import LibDeflate

// Measurements of the PDF content writer (InkPDFContent) against cairo's PDF
// output of the same drawings, on the benchmark's dense pages:
//   inkpdf-content-bench measure [PAGES] [DIR]   ms/page, bytes/page, zlib levels and tunings, libdeflate levels, SSIM near ink
//   inkpdf-content-bench profile [PAGES [DIR [--repeat N]]]   the ink of a page step by step (geometry, writing, compression; geometry by ink)
//   inkpdf-content-bench append PAGES DIR        appends dense ink to every page of a PAGES-page PDF; peak RSS
//   inkpdf-content-bench append-file PDF OUT     lays the first dense page's ink over every page of PDF
//   inkpdf-content-bench scan LAYERS             times the index of an ink-layers file (which line holds which page)
//   inkpdf-content-bench gzip FILE               gzip of FILE (an ink-layers file): zlib streaming against libdeflate members
// Build with -c release. cairo's streams are compressed at level 4 here, as the
// inkpdf executable did while cairo wrote the ink (see deflateInit_ below).

/// As the inkpdf executable did before the content writer: cairo's default-level deflate
/// at level 4, so that the cairo column is the ink as cairo wrote it then.
@_cdecl("deflateInit_")
public func deflateInitAtBenchLevel(_ stream: z_streamp?, _ level: Int32, _ version: UnsafePointer<CChar>?,
                                    _ streamSize: Int32) -> Int32 {
    deflateInit2_(stream, level == Z_DEFAULT_COMPRESSION ? 4 : level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                  version, streamSize)
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

func currentRSSMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Double(fields[1]) ?? 0) * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576 : 0
}

func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The best of `runs` timings of `body`, in seconds.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        result = min(result, now() - start)
    }
    return result
}

/// zlib's settings for one stream: a level, optionally the lazy-match parameters that
/// replace the level's own (`deflateTune`: good, lazy, nice, chain), and a strategy.
struct ZlibSettings {
    var level: Int32
    var tuning: (good: Int32, lazy: Int32, nice: Int32, chain: Int32)? = nil
    var strategy: Int32 = Z_DEFAULT_STRATEGY
}

/// What the ink's streams were before libdeflate: zlib level 4 tuned (8, 16, 32, 16).
let zlibInk = ZlibSettings(level: 4, tuning: (good: 8, lazy: 16, nice: 32, chain: 16))

/// `bytes` deflated by zlib (zlib format) with `settings` in one call: the reference libdeflate is measured against.
func zlibDeflate(_ bytes: [UInt8], _ settings: ZlibSettings, windowBits: Int32 = MAX_WBITS) -> [UInt8] {
    var stream = z_stream()
    precondition(deflateInit2_(&stream, settings.level, Z_DEFLATED, windowBits, 8, settings.strategy, ZLIB_VERSION,
                               Int32(MemoryLayout<z_stream>.size)) == Z_OK, "deflateInit2 failed")
    defer { deflateEnd(&stream) }
    if let tuning = settings.tuning {
        precondition(deflateTune(&stream, tuning.good, tuning.lazy, tuning.nice, tuning.chain) == Z_OK, "deflateTune failed")
    }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
    let status = output.withUnsafeMutableBufferPointer { out in
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            return deflate(&stream, Z_FINISH)
        }
    }
    precondition(status == Z_STREAM_END, "deflate failed with status \(status)")
    return Array(output[..<Int(stream.total_out)])
}

/// Writes `contents` over blank cairo pages with an incremental update.
func writeInkPDF(_ contents: [CompressedInkContent], to path: String) throws {
    try SamplePDFs.cairoPDF(path: path, pages: contents.map { ($0.width, $0.height) })
    var update = try IncrementalUpdate(appendingTo: path)
    for (index, content) in contents.enumerated() { try update.addInk(content, toPage: index + 1) }
    try update.finish()
}

func measure(pages: Int, directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let document = try ContentWriterSamples.denseDocument(path: directory + "/dense.pdf", pages: pages)
    let drawings = document.map { page in page.strokes().flatMap { InkStyle.drawings(for: $0).drawings } }
    let size = (width: document[0].width, height: document[0].height)
    let sizes = Array(repeating: size, count: pages)
    let strokes = document.map { $0.strokes().count }.reduce(0, +)
    print("dense benchmark pages: \(pages), \(strokes / pages) strokes and \(drawings.map(\.count).reduce(0, +) / pages) drawings per page")

    // cairo today: the drawings into a PDF surface (recording, replay, printf, zlib level 4).
    let cairoPath = directory + "/cairo-ink.pdf", blankPath = directory + "/blank.pdf"
    try SamplePDFs.cairoPDF(path: blankPath, pages: sizes)
    let cairoTime = try best(3) { try SamplePDFs.cairoPDF(path: cairoPath, pages: sizes, drawings: { drawings[$0 - 1] }) }
    let cairoBytes = Double(fileSize(cairoPath) - fileSize(blankPath)) / Double(pages)

    // The content writer: operators, then zlib per level.
    var contents: [InkContent] = []
    let writeTime = best(5) { contents = drawings.map { InkContentWriter.content(for: $0, width: size.width, height: size.height) } }
    let raw = Double(contents.map(\.operators.count).reduce(0, +)) / Double(pages)
    print(String(format: "\ncairo PDF surface (today): %.2f ms/page, %.1f KB/page of ink (file − blank pages)", cairoTime / Double(pages) * 1000, cairoBytes / 1024))
    print(String(format: "content writer, operators only: %.2f ms/page, %.1f KB/page uncompressed", writeTime / Double(pages) * 1000, raw / 1024))
    print("\nzlib level  KB/page  ms/page(zlib)  ms/page(write+zlib)  vs cairo bytes  vs cairo time")
    for level in Int32(1)...9 {
        var bytes = 0
        let zlibTime = best(3) { bytes = contents.map { zlibDeflate($0.operators, ZlibSettings(level: level)).count }.reduce(0, +) }
        let perPage = Double(bytes) / Double(pages)
        let total = (writeTime + zlibTime) / Double(pages)
        print(String(format: "%10d %8.1f %14.2f %20.2f %15.2f %14.2f", level, perPage / 1024, zlibTime / Double(pages) * 1000,
                     total * 1000, perPage / cairoBytes, total / (cairoTime / Double(pages))))
    }

    // zlib's lazy-match parameters (deflateTune) on top of a level: the chain length is what makes 6 slow here.
    print("\nzlib tuning (level, good, lazy, nice, chain)  KB/page  ms/page(zlib)")
    for (level, good, lazy, nice, chain) in [(6, 8, 16, 128, 128), (6, 8, 16, 64, 32), (6, 8, 16, 32, 16), (6, 4, 16, 64, 32),
                                             (6, 8, 32, 128, 32), (6, 8, 16, 258, 24), (5, 8, 16, 32, 32), (4, 4, 4, 16, 16), (4, 8, 8, 16, 16), (4, 8, 16, 32, 16)] {
        var bytes = 0
        let tuning = (good: Int32(good), lazy: Int32(lazy), nice: Int32(nice), chain: Int32(chain))
        func size(_ strategy: Int32) -> Int {
            let settings = ZlibSettings(level: Int32(level), tuning: tuning, strategy: strategy)
            return contents.map { zlibDeflate($0.operators, settings).count }.reduce(0, +)
        }
        let time = best(3) { bytes = size(Z_DEFAULT_STRATEGY) }
        print(String(format: "%2d %3d %3d %3d %4d %28.1f %14.2f", level, good, lazy, nice, chain, Double(bytes) / Double(pages) / 1024, time / Double(pages) * 1000))
        var filtered = 0
        let filteredTime = best(3) { filtered = size(Z_FILTERED) }
        print(String(format: "   Z_FILTERED %31.1f %14.2f", Double(filtered) / Double(pages) / 1024, filteredTime / Double(pages) * 1000))
    }

    // libdeflate's levels on the same operators, one compressor reused (as a page loop does), then
    // one allocated per page (what reuse saves), each against the ink's former zlib settings.
    var zlibInkBytes = 0
    let zlibInkTime = best(3) { zlibInkBytes = contents.map { zlibDeflate($0.operators, zlibInk).count }.reduce(0, +) }
    let zlibInkPages = contents.map { zlibDeflate($0.operators, zlibInk).count }
    print(String(format: "\nzlib 4 tuned (8, 16, 32, 16), the ink's former settings: %.2f KB/page, %.3f ms/page",
                 Double(zlibInkBytes) / Double(pages) / 1024, zlibInkTime / Double(pages) * 1000))
    print("libdeflate level  KB/page  ms/page  bytes vs zlib 4 tuned (worst page)  time vs zlib 4 tuned  ms/page (compressor per page)")
    for level in Int32(1)...12 {
        var bytes = 0
        var compressor = DeflateCompressor(level: level)
        let time = best(3) { bytes = contents.map { compressor.zlib($0.operators).count }.reduce(0, +) }
        let fresh = best(3) { _ = contents.map { page -> Int in var own = DeflateCompressor(level: level); return own.zlib(page.operators).count } }
        let worst = zip(contents, zlibInkPages).map { Double(compressor.zlib($0.operators).count) / Double($1) }.max() ?? 0
        print(String(format: "%16d %8.2f %8.3f %22.3f (%.3f) %21.2f %30.3f", level, Double(bytes) / Double(pages) / 1024, time / Double(pages) * 1000,
                     Double(bytes) / Double(zlibInkBytes), worst, time / zlibInkTime, fresh / Double(pages) * 1000))
    }

    // Whole PDF with the appender at the ink's level.
    let inkPath = directory + "/writer-ink.pdf"
    var inkCompressor = InkContentCompression.inkCompressor()
    let appendTime = try best(3) { try writeInkPDF(contents.map { $0.compressed(with: &inkCompressor) }, to: inkPath) }
    let blankTime = try best(3) { try SamplePDFs.cairoPDF(path: blankPath, pages: sizes) }
    print(String(format: "\nwhole ink PDF at the ink's libdeflate level (blank cairo pages + incremental update): %.1f KB/page over the blank file, %.2f ms/page appending",
                 Double(fileSize(inkPath) - fileSize(blankPath)) / Double(pages) / 1024, (appendTime - blankTime) / Double(pages) * 1000))
    print("qpdf --check: \(SamplePDFs.qpdfCheck(inkPath).passed ? "passed" : "FAILED")")

    if ProcessInfo.processInfo.environment["BENCH_SSIM"] == "0" { return }
    // Fidelity: poppler's rendering of the writer's PDF against cairo's raster of the same drawings.
    let fidelityPages = min(3, pages), scale = 4.0
    print("\nSSIM near ink at 288 dpi, pages 1-\(fidelityPages) (mean; worst max pixel difference):")
    let snapped = (0..<fidelityPages).map { GreyRaster.cairo(drawings[$0], width: size.width, height: size.height, scale: scale) }
    let exact = (0..<fidelityPages).map { GreyRaster.cairo(drawings[$0], width: size.width, height: size.height, scale: scale, snapping: false) }
    func report(_ label: String, _ pdf: String) throws {
        var sums = (0.0, 0.0), worst = (0.0, 0.0), counts = (0, 0)
        for page in 0..<fidelityPages {
            let rendered = try GreyRaster.poppler(pdf, page: page + 1, scale: scale)
            let a = GreyRaster.compare(rendered, snapped[page]), b = GreyRaster.compare(rendered, exact[page])
            sums.0 += a.ssim * Double(a.pixels); counts.0 += a.pixels; worst.0 = max(worst.0, a.maxDifference)
            sums.1 += b.ssim * Double(b.pixels); counts.1 += b.pixels; worst.1 = max(worst.1, b.maxDifference)
        }
        print(String(format: "  %-34@ vs cairo raster (1/16 snapped) %.4f (%3.0f)   vs unsnapped %.4f (%3.0f)", label as NSString,
                     sums.0 / Double(counts.0), worst.0, sums.1 / Double(counts.1), worst.1))
    }
    try report("cairo's PDF (today)", cairoPath)
    for units in (ProcessInfo.processInfo.environment["BENCH_GRIDS"] ?? "8,16,32").split(separator: ",").compactMap({ Int($0) }) {
        let grid = PDFGrid(unitsPerPoint: units)
        let gridContents = drawings.map { InkContentWriter.content(for: $0, width: size.width, height: size.height, grid: grid).compressed(with: &inkCompressor) }
        let path = directory + "/writer-grid-\(units).pdf"
        try writeInkPDF(gridContents, to: path)
        let bytes = Double(gridContents.map(\.deflated.count).reduce(0, +)) / Double(pages) / 1024
        try report(String(format: "writer, grid 1/%d pt, %.1f KB/page", units, bytes), path)
    }
}

func append(pages: Int, directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // Twelve distinct dense pages, cycled: the ink of page n is page ((n − 1) mod 12) + 1's.
    let samples = try ContentWriterSamples.denseDocument(path: directory + "/dense-12.pdf", pages: 12)
    let size = (width: samples[0].width, height: samples[0].height)
    let contents = samples.map { page in
        InkContentWriter.content(for: page.strokes().flatMap { InkStyle.drawings(for: $0).drawings },
                                 width: size.width, height: size.height).compressed()
    }
    let path = directory + "/append-\(pages).pdf"
    try SamplePDFs.cairoPDF(path: path, pages: Array(repeating: size, count: pages), background: { context, number in
        // A line of text per page, so that every page has content and a font.
        context.moveTo(72, 72)
        context.setFontSize(12)
        context.showText("page \(number)")
    })
    let before = peakRSSMegabytes()
    let start = now()
    var update = try (ProcessInfo.processInfo.environment["BENCH_COPY"] == "1"
        ? IncrementalUpdate(original: path, output: path + ".copy.pdf") : IncrementalUpdate(appendingTo: path))
    print(String(format: "RSS after opening: %.1f MB", currentRSSMegabytes()))
    for number in 1...pages {
        try update.addInk(contents[(number - 1) % contents.count], toPage: number)
        if [1, 10, 100, 500, 1000, 5000].contains(number) { print(String(format: "RSS after page %d: %.1f MB", number, currentRSSMegabytes())) }
    }
    try update.finish()
    let seconds = now() - start
    print(String(format: "appended ink to %d pages in %.2f s (%.2f ms/page); peak RSS %.1f MB before the update, %.1f MB after; file %.1f MB; qpdf --check %@",
                 pages, seconds, seconds / Double(pages) * 1000, before, peakRSSMegabytes(), Double(fileSize(path)) / 1_048_576,
                 SamplePDFs.qpdfCheck(path).passed ? "passed" : "FAILED"))
}

/// The ink's cost per dense page, step by step, on one thread: geometry (strokes to
/// drawings: sampling, outlines, curve fitting), content writing, compression
/// (libdeflate at the ink's level). Best of `runs`; `--repeat N` loops the geometry
/// alone N times (for a profiler).
func profile(pages: Int, directory: String, runs: Int, geometryRepeats: Int, fidelity: Bool = false) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let document = try ContentWriterSamples.denseDocument(path: directory + "/dense.pdf", pages: pages)
    let strokes = document.map { $0.strokes() }
    if geometryRepeats > 0 {
        var count = 0
        for _ in 0..<geometryRepeats { for page in strokes { for stroke in page { count += InkStyle.drawings(for: stroke).drawings.count } } }
        print("geometry repeated \(geometryRepeats) times: \(count) drawings")
        return
    }
    let size = (width: document[0].width, height: document[0].height)
    var drawings: [[StrokeDrawing]] = []
    let geometry = best(runs) { drawings = strokes.map { page in page.flatMap { InkStyle.drawings(for: $0).drawings } } }
    // Where the geometry goes: each ink's strokes alone (in order of first appearance), with
    // how many strokes and centreline samples of it a page has.
    var inks: [String] = []
    for page in strokes { for stroke in page where !inks.contains(stroke.ink.type.name) { inks.append(stroke.ink.type.name) } }
    let shares = inks.map { ink -> String in
        let chosen = strokes.map { $0.filter { $0.ink.type.name == ink } }
        var count = 0
        let seconds = best(runs) { count = chosen.reduce(0) { $0 + $1.reduce(0) { $0 + InkStyle.drawings(for: $1).drawings.count } } }
        let samples = chosen.reduce(0) { $0 + $1.reduce(0) { $0 + CentrelineSampler.samples(of: $1).count } }
        let strokeCount = chosen.reduce(0) { $0 + $1.count }
        return String(format: "%@ %.2f ms (%.0f strokes, %.0f samples, %.0f drawings)", ink, seconds / Double(pages) * 1000,
                      Double(strokeCount) / Double(pages), Double(samples) / Double(pages), Double(count) / Double(pages))
    }
    print("geometry per dense page by ink: " + shares.joined(separator: ", "))
    var contents: [InkContent] = []
    let writing = best(runs) { contents = drawings.map { InkContentWriter.content(for: $0, width: size.width, height: size.height) } }
    var bytes = 0
    var compressor = InkContentCompression.inkCompressor()
    let compression = best(runs) { bytes = contents.map { $0.compressed(with: &compressor).deflated.count }.reduce(0, +) }
    let n = Double(pages)
    var moves = 0, lines = 0, curves = 0, operatorBytes = 0
    for page in drawings {
        for drawing in page {
            for element in drawing.path.elements {
                switch element {
                case .move: moves += 1
                case .line: lines += 1
                case .curve: curves += 1
                case .close: break
                }
            }
        }
    }
    for content in contents { operatorBytes += content.operators.count }
    print(String(format: "path elements per page: %.0f moves, %.0f lines, %.0f curves; operators %.1f KB before compression",
                 Double(moves) / n, Double(lines) / n, Double(curves) / n, Double(operatorBytes) / n / 1024))
    // FNV-1a of every page's operators: the same geometry gives the same digest.
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for content in contents { for byte in content.operators { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 } }
    print("operators digest \(String(digest, radix: 16))")
    print(String(format: "ink per dense page (%d pages, %d strokes/page): geometry %.2f ms, content writing %.2f ms, compression %.2f ms (libdeflate %d), total %.2f ms; %.1f KB",
                 pages, strokes.map(\.count).reduce(0, +) / pages, geometry / n * 1000, writing / n * 1000, compression / n * 1000,
                 InkContentCompression.inkLevel, (geometry + writing + compression) / n * 1000, Double(bytes) / n / 1024))
    guard fidelity else { return }
    // The issue's bars: each page's ink bytes (to compare with another build's), and the SSIM
    // near ink of the written ink (poppler) against the unfitted reference (cairo), pages 1-3 at 288 dpi.
    let compressed = contents.map { $0.compressed(with: &compressor) }
    print("ink bytes per page: " + compressed.map { String($0.deflated.count) }.joined(separator: " "))
    let fidelityPages = min(3, pages), scale = 4.0
    let inkPath = directory + "/profile-ink.pdf"
    try writeInkPDF(Array(compressed.prefix(fidelityPages)), to: inkPath)
    var worst = 1.0, sum = 0.0, pixels = 0
    for page in 0..<fidelityPages {
        let reference = strokes[page].flatMap { InkStyle.drawings(for: $0, quality: .reference).drawings }
        let expected = GreyRaster.cairo(reference, width: size.width, height: size.height, scale: scale, snapping: false)
        let result = GreyRaster.compare(try GreyRaster.poppler(inkPath, page: page + 1, scale: scale), expected)
        worst = min(worst, result.ssim)
        sum += result.ssim * Double(result.pixels)
        pixels += result.pixels
    }
    print(String(format: "SSIM near ink against the unfitted reference, pages 1-%d at 288 dpi: %.4f (worst page %.4f)",
                 fidelityPages, sum / Double(pixels), worst))
}

/// The sidecar's gzip and an annotation's layer line: zlib (streaming, as the sidecar was
/// written) against libdeflate in members of `member` bytes (as `InkLayersWriter` hands
/// `FileOutput` about a megabyte at a time), and line by line in the zlib format.
func gzip(file: String, member: Int = 1 << 20) throws {
    let text = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let megabytes = Double(text.count) / 1_048_576
    print(String(format: "%@: %.1f MB; gzip in %d KB members", file, megabytes, member / 1024))
    print("gzip                      MB   ratio  ms/MB")
    for level in Int32(1)...3 {
        var bytes = 0
        let time = best(2) { bytes = zlibDeflate(text, ZlibSettings(level: level), windowBits: 15 + 16).count }
        print(String(format: "zlib %2d (one stream) %8.2f %7.3f %6.2f", level, Double(bytes) / 1_048_576, Double(bytes) / Double(text.count),
                     time / megabytes * 1000))
    }
    for level in Int32(1)...9 {
        var bytes = 0
        var compressor = DeflateCompressor(level: level)
        let time = best(2) {
            bytes = 0
            text.withUnsafeBytes { all in
                for start in stride(from: 0, to: all.count, by: member) {
                    let piece = UnsafeRawBufferPointer(rebasing: all[start..<min(start + member, all.count)])
                    bytes += compressor.withCompressed(piece, as: .gzip) { $0.count }
                }
            }
        }
        print(String(format: "libdeflate %2d (members) %6.2f %7.3f %6.2f", level, Double(bytes) / 1_048_576, Double(bytes) / Double(text.count),
                     time / megabytes * 1000))
    }
    // One layer line at a time (an annotation's `/InkPDF:Layer`), the file's first 2000 lines.
    let lines = text.split(separator: UInt8(ascii: "\n")).prefix(2000).map { Array($0) }
    let lineBytes = Double(lines.map(\.count).reduce(0, +)) / 1_048_576
    print(String(format: "\nline by line (%d lines, %.1f MB)  MB   ratio  ms/MB", lines.count, lineBytes))
    var zlibBytes = 0
    let zlibTime = best(2) { zlibBytes = lines.map { zlibDeflate($0, ZlibSettings(level: 1)).count }.reduce(0, +) }
    print(String(format: "zlib 1 %19.2f %7.3f %6.2f", Double(zlibBytes) / 1_048_576, Double(zlibBytes) / lineBytes / 1_048_576, zlibTime / lineBytes * 1000))
    for level in Int32(1)...6 {
        var bytes = 0
        var compressor = DeflateCompressor(level: level)
        let time = best(2) { bytes = lines.map { compressor.zlib($0).count }.reduce(0, +) }
        print(String(format: "libdeflate %2d %12.2f %7.3f %6.2f", level, Double(bytes) / 1_048_576, Double(bytes) / lineBytes / 1_048_576, time / lineBytes * 1000))
    }
}

let arguments = CommandLine.arguments
do {
    switch arguments.dropFirst().first {
    case "measure":
        try measure(pages: arguments.count > 2 ? Int(arguments[2]) ?? 12 : 12,
                    directory: arguments.count > 3 ? arguments[3] : "bench-work/content")
    case "append-file" where arguments.count > 3:
        // Copies a PDF and lays the first dense benchmark page's ink over each of its pages.
        let samples = try ContentWriterSamples.denseDocument(path: NSTemporaryDirectory() + "/inkpdf-dense-1.pdf", pages: 1)
        let content = InkContentWriter.content(for: samples[0].strokes().flatMap { InkStyle.drawings(for: $0).drawings },
                                               width: samples[0].width, height: samples[0].height).compressed()
        let start = now()
        var update = try IncrementalUpdate(original: arguments[2], output: arguments[3])
        let opened = now()
        for number in 1...update.pageCount { try update.addInk(content, toPage: number) }
        let stream = update.writesXRefStream
        try update.finish()
        let finished = now()
        print(String(format: "%@: ink on every page, %@; copy and open %.2f s, pages and finish %.2f s; qpdf --check %@", arguments[3],
                     stream ? "xref stream" : "xref table", opened - start, finished - opened,
                     SamplePDFs.qpdfCheck(arguments[3]).passed ? "passed" : "FAILED"))
    case "append" where arguments.count > 3:
        try append(pages: Int(arguments[2]) ?? 36, directory: arguments[3])
    case "scan" where arguments.count > 2:
        // The pass that finds each layer line's page (strict: every value is checked as JSON).
        var index: PageOrderedLayers?
        let seconds = try best(3) { index = try PageOrderedLayers(path: arguments[2]) }
        print(String(format: "%@: %d inked pages indexed in %.3f s (best of 3)", arguments[2], index?.inkedPages.count ?? 0, seconds))
    case "gzip" where arguments.count > 2:
        try gzip(file: arguments[2])
    case "profile":
        // profile [PAGES [DIR [--repeat N | --fidelity]]]
        let repeats = arguments.count > 5 && arguments[4] == "--repeat" ? Int(arguments[5]) ?? 0 : 0
        try profile(pages: arguments.count > 2 ? Int(arguments[2]) ?? 12 : 12,
                    directory: arguments.count > 3 ? arguments[3] : "bench-work/content", runs: 3, geometryRepeats: repeats,
                    fidelity: arguments.count > 4 && arguments[4] == "--fidelity")
    default:
        print("usage: inkpdf-content-bench measure [PAGES] [DIR] | append PAGES DIR | profile [PAGES [DIR [--repeat N | --fidelity]]] | scan LAYERS | gzip FILE")
        exit(64)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
