// swift-tools-version:6.2
import PackageDescription

/// inkpdf: puts handwriting (ink-layers files) onto PDF pages.
///
/// C libraries come from Debian through system-library targets; nothing is
/// fetched from outside the toolchain.
let package = Package(
    name: "inkpdf",
    products: [
        .library(name: "InkPDF", targets: ["InkModel", "InkRendering", "InkExport", "Entitlements"]),
        .executable(name: "inkpdf", targets: ["inkpdf"]),
    ],
    targets: [
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf",
                       providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip",
                       providers: [.apt(["libzip-dev"])]),

        // Pure Swift model of the ink-layers format and its codec (zlib for gzip only).
        .target(name: "InkModel", dependencies: ["CZlib"]),
        // Other tools' files (Xournal++, reMarkable) read into the model, one folder per format.
        .target(name: "InkImport", dependencies: ["InkModel", "CZlib", "CZip"]),
        // Stroke geometry (pure) and the few functions that draw it with cairo.
        .target(name: "InkRendering", dependencies: ["InkModel", "CCairo"]),
        // The PDF side: poppler reads, cairo writes, page by page.
        .target(name: "InkExport", dependencies: ["InkModel", "InkRendering", "CPoppler", "CCairo", "CCrypto", "CQPDF"]),
        // The ink's PDF content written by inkpdf itself (content operators on an integer grid,
        // zlib), and an incremental update that appends it to a finished PDF (qpdf reads the pages).
        .target(name: "InkPDFContent", dependencies: ["InkRendering", "InkModel", "CZlib", "CQPDF"]),
        // Rasters (cairo, poppler), SSIM near ink and sample PDFs for the content writer's tests and measurements.
        // Optimised even in debug builds: SSIM over page-sized rasters would otherwise take minutes per test.
        .target(name: "InkPDFContentTestSupport", dependencies: ["InkPDFContent", "InkRendering", "CCairo", "CPoppler", "CQPDF"],
                swiftSettings: [.unsafeFlags(["-O"])]),
        // Measures the content writer against cairo (ms, bytes, zlib levels, grids, SSIM, appender memory).
        .executableTarget(name: "inkpdf-content-bench", dependencies: ["InkPDFContent", "InkPDFContentTestSupport", "InkSamples",
                                                                       "InkRendering", "InkModel", "CCairo"]),
        // Free-vs-Pro rules, verified purchase proofs (libcrypto) and the export gate.
        .target(name: "Entitlements", dependencies: ["CCrypto"]),
        // Command-line parsing and running, as a library so that tests can drive it.
        .target(name: "InkCLI", dependencies: ["InkModel", "InkExport", "Entitlements"]),
        .executableTarget(name: "inkpdf", dependencies: ["InkCLI", "CZlib"]),

        // Generators for the bundled samples, the tests' documents and the benchmark.
        .target(name: "InkSamples", dependencies: ["InkModel", "InkExport", "CCairo", "CQPDF"]),
        .executableTarget(name: "inkpdf-samples", dependencies: ["InkSamples"]),

        .testTarget(name: "InkModelTests", dependencies: ["InkModel"]),
        .testTarget(name: "InkImportTests", dependencies: ["InkImport", "InkModel"]),
        .testTarget(name: "InkRenderingTests", dependencies: ["InkRendering", "InkModel", "CCairo"]),
        .testTarget(name: "InkExportTests", dependencies: ["InkExport", "InkModel", "InkSamples", "CPoppler", "CCairo"]),
        .testTarget(name: "InkPDFContentTests", dependencies: ["InkPDFContent", "InkPDFContentTestSupport", "InkRendering",
                                                               "InkModel", "InkSamples", "CCairo", "CQPDF"]),
        .testTarget(name: "EntitlementsTests", dependencies: ["Entitlements"]),
        .testTarget(name: "InkCLITests", dependencies: ["InkCLI", "InkSamples", "InkModel", "CZlib"]),
    ],
    swiftLanguageModes: [.v6]
)
