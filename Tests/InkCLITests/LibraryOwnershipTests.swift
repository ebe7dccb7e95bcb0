import Foundation
import Testing

/// Each C library has one owner: its functions are called from one target only, the wrapper that
/// holds its handles, and everything else goes through that wrapper. The sources are read as text:
/// a call is the function's prefix followed by a name and `(`, outside comments.
@Suite struct LibraryOwnershipTests {
    struct Library: CustomTestStringConvertible, Sendable {
        var name: String
        /// What the library's function names start with (a regular expression).
        var prefix: String
        /// The one target that may call them.
        var owner: String
        var testDescription: String { name }
    }

    static let libraries = [
        Library(name: "libcrypto", prefix: #"(EVP|X509|PEM|BIO|ECDSA|OSSL|BN|ERR|OPENSSL)_"#, owner: "LibCrypto"),
        Library(name: "libdeflate", prefix: "libdeflate_", owner: "LibDeflate"),
        Library(name: "libzip", prefix: #"zip_"#, owner: "InkImport"),
        Library(name: "libxml2", prefix: #"xml"#, owner: "InkImport"),
        Library(name: "libmicrohttpd", prefix: "MHD_", owner: "InkServe"),
        Library(name: "librsvg", prefix: "rsvg_", owner: "LibRsvg"),
        Library(name: "tesseract", prefix: #"api\.Tess"#, owner: "InkRecognition"),
        Library(name: "zinnia", prefix: #"api\.zinnia_"#, owner: "InkRecognition"),
        Library(name: "poppler", prefix: "poppler_", owner: "LibPoppler"),
        Library(name: "qpdf", prefix: "qpdf_", owner: "LibQPDF"),
        Library(name: "cairo", prefix: "cairo_", owner: "LibCairo"),
    ]

    /// Libraries that have more than one caller today (issue #42 gives each its own wrapper
    /// target): recorded as known issues, so that the day one owner is left the test says so.
    static let notYetOwnedOnce: Set<String> = []

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift source under Sources/: its target, its name and its lines without comments, read once.
    static let code: [(target: String, file: String, lines: [Substring])] = {
        var files: [(target: String, file: String, lines: [Substring])] = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let target = url.path.dropFirst(sources.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
            let lines = text.split(separator: "\n").map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...] }
            files.append((target, url.lastPathComponent, lines))
        }
        return files
    }()

    /// The targets whose Swift sources call a function starting with `prefix`, each with one file that does.
    static func callers(of prefix: String) throws -> [String: String] {
        let call = try Regex(#"(^|[^A-Za-z0-9_.])"# + prefix + #"[A-Za-z0-9_]*\("#)
        var found: [String: String] = [:]
        for source in code where found[source.target] == nil && source.lines.contains(where: { $0.contains(call) }) {
            found[source.target] = source.file
        }
        return found
    }

    @Test(arguments: libraries) func aLibrarysFunctionsAreCalledFromItsOwnerOnly(library: Library) throws {
        let callers = try Self.callers(of: library.prefix)
        #expect(callers[library.owner] != nil, "\(library.name): \(library.owner) calls none of its functions")
        let others = callers.filter { $0.key != library.owner }
        if Self.notYetOwnedOnce.contains(library.name) {
            withKnownIssue("\(library.name) has more than one caller (#42)") {
                #expect(others.isEmpty, "\(library.name) is also called from \(others.sorted { $0.key < $1.key })")
            }
        } else {
            #expect(others.isEmpty, "\(library.name) is also called from \(others.sorted { $0.key < $1.key }); go through \(library.owner)")
        }
    }
}
