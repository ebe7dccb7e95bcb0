// swift-tools-version:6.2
import PackageDescription

/// inkpdf: puts handwriting (ink-layers files) onto PDF pages.
///
/// C libraries come from Debian through system-library targets; nothing is
/// fetched from outside the toolchain.
let package = Package(
    name: "inkpdf",
    products: [
        .library(name: "InkPDF", targets: ["InkModel", "InkImport", "InkRendering", "InkPipeline", "InkWorkers", "InkBatch", "Entitlements"]),
        .executable(name: "inkpdf", targets: ["inkpdf"]),
    ],
    targets: [
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // fontconfig and cairo-ft: the font file of a text box, chosen as Pango chooses it.
        .systemLibrary(name: "CFontconfig", pkgConfig: "cairo-ft",
                       providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // libdeflate: whole-buffer deflate (the ink's streams, the sidecar's gzip members); zlib streams the rest.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf",
                       providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip",
                       providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // libmicrohttpd: the HTTP server under `inkpdf serve` (its variadic calls wrapped in the shim).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        // librsvg: SVG images (an rnote notebook's pages and backgrounds) drawn onto cairo as vectors.
        // Built against gobject-2.0, not librsvg-2.0, whose flags (through gio) carry a -pthread that
        // SwiftPM warns about on every build; shim.h says which functions it declares.
        .systemLibrary(name: "CRsvg", pkgConfig: "gobject-2.0",
                       providers: [.apt(["librsvg2-dev"])]),
        // tesseract (C API) and zinnia: the recognisers behind `inkpdf recognize` (InkRecognition).
        // Headers only, no pkg-config (it would link them): each shim.h opens its library when
        // recognition first runs, so that the processes that do not recognise do not load it.
        .systemLibrary(name: "CTesseract", providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]),
        .systemLibrary(name: "CZinnia", providers: [.apt(["libzinnia-dev", "tegaki-zinnia-japanese"])]),
        // glibc's allocator controls (malloc_trim), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // A worker's fatal-signal handler (C: a handler must be async-signal-safe), which tells the
        // parent the signal and the address space in use, so a trap is not taken for the memory limit.
        .target(name: "CCrashReport"),

        // libdeflate behind one small wrapper: a compressor handle, zlib and gzip of a whole buffer.
        .target(name: "LibDeflate", dependencies: ["CDeflate"]),
        // libcrypto behind one small wrapper: digests, keys, signatures, certificates.
        .target(name: "LibCrypto", dependencies: ["CCrypto"]),
        // qpdf behind one wrapper, the only owner of its handles: documents opened repaired or as
        // written, objects with handle epochs, the page-tree walk, whole-document writing.
        .target(name: "LibQPDF", dependencies: ["CQPDF"]),
        // cairo behind one wrapper, the only owner of its handles: a typed context, image and PDF
        // surfaces, patterns, font faces (cairo-ft's header comes with CFontconfig), cairo's statuses.
        .target(name: "LibCairo", dependencies: ["CCairo", "CFontconfig"]),
        // File-system work in one place: descriptors and errno, atomic outputs, temporary
        // files and their clean-up on signals, file identity and digests; the allocator's freed memory
        // returned between pages (glibc's malloc_trim, CMalloc), below every reader of pages.
        .target(name: "InkFileSystem", dependencies: ["LibCrypto", "CMalloc"]),
        // Pure Swift model of the ink-layers format and its codec (gzip only: zlib reads, libdeflate writes;
        // files through InkFileSystem).
        .target(name: "InkModel", dependencies: ["CZlib", "LibDeflate", "InkFileSystem"]),
        // Other tools' files (Xournal++, reMarkable, InkML, rnote) and a PDF's annotations (read with qpdf) into the
        // model, one folder per format.
        .target(name: "InkImport", dependencies: ["InkModel", "InkFileSystem", "InkRendering", "CZlib", "CZip", "CXML2", "LibCairo", "LibQPDF", "LibPoppler"]),
        // Stroke geometry (pure) and the few functions that draw it with cairo.
        .target(name: "InkRendering", dependencies: ["InkModel", "LibCairo"]),
        // Handwriting recognition: lines found from the strokes, read by tesseract (the ink drawn
        // alone) or zinnia (CJK, from the strokes), words mapped back to the strokes they cover.
        // Its own handwriting model (`make train-handwriting`), copied beside the executable as
        // inkpdf_InkRecognition.resources/ (RecognitionModels.installedHandwritingModel finds it).
        .target(name: "InkRecognition", dependencies: ["InkModel", "InkRendering", "InkFileSystem", "LibCairo", "CTesseract", "CZinnia"],
                resources: [.copy("Resources/handwriting-latin.bin")]),
        // The page pipeline: poppler, cairo and qpdf wrappers, the shared page loop and ink
        // feed, then flatten, export and render, each in its folder; sidecars beside the output.
        // librsvg behind one wrapper: an SVG image parsed and drawn as vectors on a cairo context.
        .target(name: "LibRsvg", dependencies: ["CRsvg", "LibCairo"]),
        // poppler-glib behind one wrapper, the only owner of its handles: a document and its pages, drawn,
        // their text, links, outline, labels, annotations hidden and embedded files.
        .target(name: "LibPoppler", dependencies: ["CPoppler", "LibCairo", "InkFileSystem"]),
        .target(name: "InkPipeline", dependencies: ["InkModel", "InkImport", "InkRendering", "InkRecognition", "InkPDFContent", "InkFileSystem",
                                                    "LibCrypto", "LibPoppler", "LibCairo", "LibQPDF", "LibRsvg", "CFontconfig"]),
        // Many documents at once, each in a worker.
        // Every command's declaration: its options (names, value, help, whether the service takes them), its synopsis
        // and description. The parser, the help, the man page, the worker's command line and the service's form read it.
        .target(name: "InkCommandLine", dependencies: ["InkModel"]),
        // The worker processes every PDF-opening command and the service run a document in: bounded in time
        // and memory, their progress on a pipe, a crash or a breach told apart.
        .target(name: "InkWorkers", dependencies: ["InkPipeline", "InkFileSystem", "InkCommandLine", "CCrashReport"]),
        .target(name: "InkBatch", dependencies: ["InkWorkers", "InkPipeline", "InkImport", "InkModel", "InkFileSystem", "InkCommandLine"]),
        // The ink's PDF content written by inkpdf itself (content operators on an integer grid,
        // libdeflate; zlib inflates), and an incremental update that appends it to a finished PDF (qpdf reads the pages).
        .target(name: "InkPDFContent", dependencies: ["InkRendering", "InkModel", "InkFileSystem", "LibCrypto", "CZlib", "LibDeflate", "LibQPDF"]),
        // Rasters (cairo, poppler), SSIM near ink and sample PDFs for the content writer's tests and measurements.
        // Optimised even in debug builds: SSIM over page-sized rasters would otherwise take minutes per test.
        .target(name: "InkPDFContentTestSupport", dependencies: ["InkPDFContent", "InkPipeline", "InkRendering", "LibCairo", "LibQPDF"],
                swiftSettings: [.unsafeFlags(["-O"])]),
        // Measures the content writer against cairo (ms, bytes, zlib and libdeflate levels, grids, SSIM, appender memory, gzip).
        .executableTarget(name: "inkpdf-content-bench", dependencies: ["InkPDFContent", "InkPDFContentTestSupport", "InkFixtures",
                                                                       "InkRendering", "InkModel", "LibCairo", "LibDeflate", "CZlib"]),
        // Free-vs-Pro rules, verified purchase proofs (libcrypto) and the export gate.
        .target(name: "Entitlements", dependencies: ["LibCrypto", "InkFileSystem"]),
        // `inkpdf serve`: the command line behind an HTTP door (libmicrohttpd), each request in a worker.
        .target(name: "InkServe", dependencies: ["InkWorkers", "InkCommandLine", "InkPipeline", "InkImport", "InkFileSystem", "Entitlements", "LibCrypto",
                                                 "CMicroHTTPD"]),
        // Command-line parsing and running, as a library so that tests can drive it.
        .target(name: "InkCLI", dependencies: ["InkCommandLine", "InkModel", "InkImport", "InkPipeline", "InkWorkers", "InkBatch", "InkFileSystem", "Entitlements", "LibCrypto",
                                               "InkServe"]),
        .executableTarget(name: "inkpdf", dependencies: ["InkCLI"]),

        // Test support: the generators of the bundled samples and of the tests' documents
        // (course notes, worksheet, inks sheet, dense pages), a temporary folder, poppler read-back.
        .target(name: "InkFixtures", dependencies: ["InkModel", "InkImport", "InkRendering", "InkPipeline", "InkFileSystem", "LibCairo", "LibPoppler", "LibQPDF"]),
        // The benchmark's own generators, peers and measures (batch corpus, per-segment peer,
        // document comparison, ink fidelity), apart from the fixtures.
        .target(name: "InkBench", dependencies: ["InkFixtures", "InkPDFContentTestSupport", "InkImport", "InkModel", "InkPipeline", "InkRendering", "InkFileSystem", "LibCairo", "LibPoppler"]),
        .executableTarget(name: "inkpdf-samples", dependencies: ["InkFixtures", "InkBench", "InkFileSystem"]),

        // What each fuzz target does with one input (Fuzz/InkFuzzChecks): read it with the real reader and
        // check its promises. Called by the fuzzer (inkpdf-fuzz below) and by FuzzRegressionTests. It reaches
        // the readers' internals through @testable imports, which debug builds, `swift test` and
        // scripts/fuzz.sh (-enable-testing) allow; in a plain release build, where nothing links it,
        // the check that the imported modules were built for testing is off so that it still compiles.
        .target(name: "InkFuzzChecks", dependencies: ["InkModel", "InkImport", "InkPipeline", "InkServe", "LibDeflate"],
                path: "Fuzz/InkFuzzChecks",
                swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-testable-attr-requires-testable-module"], .when(configuration: .release))]),

        // libdeflate's output read back by zlib's own inflate (an independent reader).
        .testTarget(name: "LibDeflateTests", dependencies: ["LibDeflate", "CZlib", "InkFixtures"]),
        .testTarget(name: "InkFileSystemTests", dependencies: ["InkFileSystem", "InkFixtures"]),
        .testTarget(name: "InkModelTests", dependencies: ["InkModel", "InkFixtures"]),
        .testTarget(name: "InkImportTests", dependencies: ["InkImport", "InkModel", "InkFixtures"]),
        .testTarget(name: "InkRenderingTests", dependencies: ["InkRendering", "InkModel", "InkFixtures", "LibCairo"]),
        .testTarget(name: "InkPipelineTests", dependencies: ["InkPipeline", "InkImport", "InkModel", "InkFixtures", "InkFileSystem",
                                                        "InkPDFContentTestSupport", "InkRendering", "LibPoppler", "CPoppler", "LibCairo", "LibQPDF"]),
        .testTarget(name: "InkBatchTests", dependencies: ["InkBatch", "InkWorkers", "InkCLI", "InkPipeline", "InkModel", "InkFixtures", "InkFileSystem"]),
        .testTarget(name: "EntitlementsTests", dependencies: ["Entitlements", "LibCrypto", "InkFixtures"]),
        .testTarget(name: "InkCLITests", dependencies: ["InkCLI", "InkCommandLine", "InkFixtures", "InkModel", "InkPipeline", "InkWorkers", "InkBatch", "InkServe", "CZlib"]),
        // Tests that run the built inkpdf executable (worker processes, signals, limits).
        .testTarget(name: "InkIntegrationTests", dependencies: ["inkpdf", "InkCLI", "InkFixtures", "InkImport", "InkModel", "InkPipeline", "CZlib", "CDeflate"]),
        .testTarget(name: "InkRecognitionTests", dependencies: ["InkRecognition", "InkModel", "InkFixtures"]),
        .testTarget(name: "InkServeTests", dependencies: ["InkServe", "InkFixtures"]),
        .testTarget(name: "InkPDFContentTests", dependencies: ["InkPDFContent", "InkPDFContentTestSupport", "InkRendering",
                                                               "InkModel", "InkFixtures", "LibCairo", "LibQPDF"]),
        // Every input kept in Tests/FuzzRegressions/TARGET/ (findings and seeds) run through its target's check.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["InkFuzzChecks", "InkModel"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer executable (Fuzz/inkpdf-fuzz): it has no `main` of its own (libFuzzer brings it), so it is
// declared only for scripts/fuzz.sh, which sets INKPDF_FUZZ_BUILD and builds it with `--sanitize=fuzzer`
// in a scratch folder of its own (.build-fuzz).
if Context.environment["INKPDF_FUZZ_BUILD"] != nil {
    package.targets.append(.executableTarget(name: "inkpdf-fuzz", dependencies: ["InkFuzzChecks"], path: "Fuzz/inkpdf-fuzz"))
}
