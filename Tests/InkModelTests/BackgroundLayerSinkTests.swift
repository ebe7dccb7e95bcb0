import Dispatch
import Synchronization
import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct BackgroundLayerSinkTests {
    /// Layers for the real writers, many of them so that the thread is still writing while more are handed over.
    static var layers: [PageLayer] {
        (0..<40).flatMap { page in LayerSpoolTests.layers.map { var layer = $0; layer.page = page; return layer } }
    }

    static func write(_ layers: [PageLayer], to sink: any LayerSink) throws {
        try sink.write(header: InkLayersWriterTests.exampleHeader)
        for layer in layers { try sink.write(layer: layer) }
        try sink.close()
    }

    /// The same bytes, in the same order, as the wrapped writer gives when written in the caller's thread.
    @Test(arguments: [LayersForm.spool, .inkLayers])
    func writesWhatTheWrappedSinkWrites(form: LayersForm) throws {
        try TestFolder.with { directory in
            let direct = directory.path("direct" + form.fileSuffix), background = directory.path("background" + form.fileSuffix)
            try Self.write(Self.layers, to: try form.makeSink(path: direct))
            let sink = BackgroundLayerSink(try form.makeSink(path: background))
            #expect(sink.path == background)
            try Self.write(Self.layers, to: sink)
            let expected = try Data(contentsOf: URL(fileURLWithPath: direct))
            #expect(expected.count > 1_000_000)
            #expect(try Data(contentsOf: URL(fileURLWithPath: background)) == expected)
        }
    }

    /// A layer the real writer refuses: its error comes back from a later write or from
    /// `close`, and `failure()` gives the same error, the one writing directly would raise
    /// (the two files are in folders of their own, so that the messages name the same file).
    @Test(arguments: [LayersForm.spool, .inkLayers])
    func raisesTheWrappedSinksFailureLater(form: LayersForm) throws {
        try TestFolder.with { directory in
            var layers = Self.layers
            layers[5].strokes[0].created = .nan
            let name = "layers" + form.fileSuffix
            let expected = #expect(throws: (any Error).self) {
                try Self.write(layers, to: try form.makeSink(path: directory.path(name)))
            }
            try FileManager.default.removeItem(atPath: directory.path(name))
            let sink = BackgroundLayerSink(try form.makeSink(path: directory.path(name)))
            let raised = #expect(throws: (any Error).self) { try Self.write(layers, to: sink) }
            #expect(raised.map { "\($0)" } == expected.map { "\($0)" })
            #expect(sink.failure().map { "\($0)" } == expected.map { "\($0)" })
            // Later writes keep raising it rather than writing past the hole.
            let again = #expect(throws: (any Error).self) { try sink.write(layer: layers[0]) }
            #expect(again.map { "\($0)" } == expected.map { "\($0)" })
        }
    }

    /// No more than `depth` layers wait while one is being written: the next hand-over waits.
    @Test func holdsAtMostDepthLayersWaiting() async throws {
        try await TestFolder.with { directory in
            let gated = GatedSink(try LayersForm.spool.makeSink(path: directory.path("gated.ink-spool")))
            let sink = BackgroundLayerSink(gated)
            let handed = Atomic<Int>(0)
            let done = Signal()
            let layers = Array(Self.layers.prefix(10))
            let failure = Mutex<String?>(nil)
            Thread {
                do {
                    try sink.write(header: InkLayersWriterTests.exampleHeader)
                    handed.add(1, ordering: .sequentiallyConsistent)
                    for layer in layers {
                        try sink.write(layer: layer)
                        handed.add(1, ordering: .sequentiallyConsistent)
                    }
                } catch {
                    failure.withLock { $0 = "\(error)" }
                }
                done.signal()
            }.start()
            // The thread holds the header inside the gated sink; `depth` more are taken, and then no more.
            #expect(await gated.entered.wait(within: 10))
            let full = 1 + BackgroundLayerSink.depth
            _ = await eventually(within: 10) { handed.load(ordering: .sequentiallyConsistent) >= full }
            try? await Task.sleep(for: .milliseconds(300))
            #expect(handed.load(ordering: .sequentiallyConsistent) == full)
            gated.open()
            #expect(await done.wait(within: 10))
            #expect(failure.withLock { $0 } == nil)
            try sink.close()
            #expect(gated.written.withLock { $0 } == layers.map(\.page))
        }
    }

    /// An importer that stops on an error of its own drops the sink unclosed: the thread ends
    /// and lets the wrapped sink go (a service importing all day would otherwise keep both).
    @Test func droppingTheSinkEndsItsThread() async throws {
        try await TestFolder.with { directory in
            weak var inner: GatedSink?
            do {
                let gated = GatedSink(try LayersForm.spool.makeSink(path: directory.path("dropped.ink-spool")))
                inner = gated
                gated.open()
                let sink = BackgroundLayerSink(gated)
                try sink.write(header: InkLayersWriterTests.exampleHeader)
                for layer in Self.layers.prefix(5) { try sink.write(layer: layer) }
            }
            // The thread lets go of it as it returns, just after the sink's deinit saw it stop.
            #expect(await eventually(within: 10) { inner == nil })
        }
    }

    /// A write that fails before the reading stops wins over the reading's own error.
    @Test func readingPrefersTheEarlierWriteFailure() throws {
        try TestFolder.with { directory in
            var bad = Self.layers[0]
            bad.strokes[0].created = .nan
            let sink = BackgroundLayerSink(try LayersForm.inkLayers.makeSink(path: directory.path("layers.ink.jsonl")))
            let thrown = #expect(throws: ReadingFailure.self) {
                try sink.reading({ () throws(ReadingFailure) in
                    do { try sink.write(layer: bad) } catch { throw ReadingFailure(text: "unexpected: \(error)") }
                    throw ReadingFailure(text: "the reading's own")
                }, writeFailure: { ReadingFailure(text: "write: \($0)") })
            }
            #expect(thrown?.text.hasPrefix("write: ") == true)
            #expect(thrown?.text.contains("not a finite number") == true)
            let clean = BackgroundLayerSink(try LayersForm.inkLayers.makeSink(path: directory.path("clean.ink.jsonl")))
            let own = #expect(throws: ReadingFailure.self) {
                try clean.reading({ () throws(ReadingFailure) in
                    do { try clean.write(layer: Self.layers[0]) } catch { throw ReadingFailure(text: "unexpected: \(error)") }
                    throw ReadingFailure(text: "the reading's own")
                }, writeFailure: { ReadingFailure(text: "write: \($0)") })
            }
            #expect(own?.text == "the reading's own")
        }
    }
}

private struct ReadingFailure: Error, Equatable { var text: String }

/// A real sink whose first write waits until the test opens the gate, and which records the pages it wrote.
private final class GatedSink: LayerSink, @unchecked Sendable {
    let inner: any LayerSink
    let entered = Signal()
    private let gate = DispatchSemaphore(value: 0)
    let written = Mutex<[Int]>([])
    var path: String { inner.path }

    init(_ inner: any LayerSink) { self.inner = inner }

    func open() { gate.signal() }

    func write(header: InkLayersHeader) throws {
        entered.signal()
        gate.wait()
        try inner.write(header: header)
    }

    func write(layer: PageLayer) throws {
        try inner.write(layer: layer)
        written.withLock { $0.append(layer.page) }
    }

    func close() throws { try inner.close() }
}
