import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// Documents written to break the importer (the "safe with anyone's files" promises): numbers
/// outside `InkRange`, dash patterns that never advance, attachments referenced many times or
/// named outside the archive, and referenced files that are devices, FIFOs, folders, too large
/// or outside `--confine`. Each is generated here, never copied.
///
/// The time limits catch a hang (which never ends), not slowness: alone these tests take well
/// under a second, but in the whole suite on two cores they waited over a minute for a turn once
/// (2026-12-03), so the limit is ten minutes.
@Suite struct XournalHostileInputTests {
    typealias S = XournalTestSupport
    let folder = S.temporaryFolder()

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func options(limit: Int = 1 << 30) -> ImportOptions { S.options(folder, limit: limit) }

    /// The error reading `file` throws, or nil when it reads (its temporary files removed).
    func failure(_ file: String, options: ImportOptions? = nil) -> XournalImportError? {
        do {
            let document = try XournalImporter.read(path: file, options: options ?? self.options())
            try? FileManager.default.removeItem(atPath: document.layersPath)
            return nil
        } catch {
            return error
        }
    }

    func read(_ file: String, options: ImportOptions? = nil) throws -> (ImportedDocument, [PageLayer]) {
        let document = try XournalImporter.read(path: file, options: options ?? self.options())
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        return (document, try S.layers(document.layersPath).1)
    }

    static func stroke(_ attributes: String, _ points: String = "10 10 20 20 30 10") -> String {
        "<layer><stroke tool=\"pen\" color=\"#000000ff\" \(attributes)>\(points)</stroke></layer>"
    }

    // MARK: - 1. Numbers

    /// A document with one hostile number, and the words its error must carry.
    struct HostileNumber: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let hostileNumbers: [HostileNumber] = [
        .init(name: "stroke width 1e300", body: S.page(stroke(#"width="1e300""#)), expected: ["stroke width", "page 1, element 1"]),
        .init(name: "stroke width inf", body: S.page(stroke(#"width="inf""#)), expected: ["stroke width", "page 1, element 1"]),
        .init(name: "segment width 1e300", body: S.page(stroke(#"width="1 2 1e300""#)), expected: ["width of segment 2", "page 1, element 1"]),
        .init(name: "pressure 1e300", body: S.page(stroke(#"width="1" pressures="0.5 1e300""#)), expected: ["width of segment 2"]),
        .init(name: "point x 1e300", body: S.page(stroke(#"width="1""#, "0 0 1e300 5")), expected: ["point 2 x", "page 1, element 1"]),
        .init(name: "point y -1e9", body: S.page(stroke(#"width="1""#, "0 0 5 -1e9")), expected: ["point 2 y", "28800"]),
        .init(name: "timestamp 1e17", body: S.page(stroke(#"width="1" ts="100000000000000000""#)), expected: ["timestamp", "page 1, element 1"]),
        .init(name: "text size 1e300", body: S.page(#"<layer><text font="Sans" size="1e300" x="1" y="1" color="black">a</text></layer>"#),
              expected: ["<text> size", "page 1, element 1"]),
        .init(name: "text size -1e300", body: S.page(#"<layer><text font="Sans" size="-1e300" x="1" y="1" color="black">a</text></layer>"#),
              expected: ["<text> size", "page 1, element 1"]),
        .init(name: "text x 1e300", body: S.page(#"<layer><text font="Sans" size="12" x="1e300" y="1" color="black">a</text></layer>"#),
              expected: ["<text> x", "page 1, element 1"]),
        .init(name: "text y -1e20", body: S.page(#"<layer><text font="Sans" size="12" x="1" y="-1e20" color="black">a</text></layer>"#),
              expected: ["<text> y"]),
        .init(name: "image right 1e300",
              body: S.page(#"<layer><image left="0" top="0" right="1e300" bottom="5">iVBORw0KGgo=</image></layer>"#),
              expected: ["<image> right", "page 1, element 1"]),
        .init(name: "teximage bottom 3e38",
              body: S.page(#"<layer><teximage text="x" left="0" top="0" right="5" bottom="3e38">JVBERi0=</teximage></layer>"#),
              expected: ["<teximage> bottom"]),
        .init(name: "page width 1e300", body: S.page("<layer/>", width: 1e300), expected: ["page width", "page 1", "14400"]),
        .init(name: "page height 1e6", body: S.page("<layer/>", height: 1e6), expected: ["page height", "page 1", "14400"]),
        .init(name: "page height 1e-300", body: S.page("<layer/>", height: 1e-300), expected: ["page height", "page 1"]),
    ]

    /// Every number read is checked against InkRange and refused with its place, never trapped on.
    @Test(arguments: hostileNumbers)
    func numbersOutsideTheRangeAreLocatedErrors(_ hostile: HostileNumber) throws {
        let file = path("number.xopp")
        S.write(S.document(hostile.body), to: file)
        let error = try #require(failure(file), "\(hostile.name) was read")
        let text = error.description
        #expect(text.hasPrefix(file + ":"), "\(text)")
        for word in hostile.expected { #expect(text.contains(word), "\(hostile.name): \(text) lacks '\(word)'") }
        #expect(!text.contains("\n"))
    }

    /// Widths and coordinates at the range's edge still read.
    @Test func numbersAtTheEdgeOfTheRangeRead() throws {
        let file = path("edge.xopp")
        S.write(S.document(S.page(Self.stroke(#"width="14400""#, "-28800 0 28800 0"), width: 14_400, height: 3)), to: file)
        let (document, layers) = try read(file)
        #expect(document.pages[0].width == 14_400 && document.pages[0].height == 3)
        #expect(layers[0].strokes[0].points.map(\.x) == [-28_800, 28_800] && layers[0].strokes[0].points[0].w == 14_400)
    }

    /// `fill` is an int to Xournal++ (`std::from_chars`: its leading digits; out of 32 bits, no fill)
    /// and an opacity fill/255 to cairo, which clamps it at 1.
    @Test(arguments: [("1e19", "#00000001"), ("128.7", "#00000080"), ("300", "#000000FF"), ("99999999999", nil),
                      ("-1", nil), ("1e300", "#00000001"), ("abc", nil)] as [(String, String?)])
    func fillIsReadAsXournalReadsIt(_ fill: String, _ polygonColor: String?) throws {
        let file = path("fill.xopp")
        S.write(S.document(S.page(Self.stroke("width=\"1\" fill=\"\(fill)\""))), to: file)
        let (document, layers) = try read(file)
        #expect(layers[0].strokes.count == 1)
        let colors = document.pages[0].decorations.compactMap { decoration -> String? in
            if case .polygon(_, let color) = decoration.content { color.hexString } else { nil }
        }
        #expect(colors == (polygonColor.map { [$0] } ?? []), "fill=\(fill)")
    }

    // MARK: - 2. Dashes

    /// A pattern of 1e-12 pt never advanced (convert hung, flatten took 3.7 GB): it is drawn solid, at once.
    @Test(.timeLimit(.minutes(2)), arguments: ["cust: 1e-12 1e-12", "cust: 1e-300", "cust: 0.001 0.001 0.001"])
    func dashPatternsFinerThanTheMinimumAreDrawnSolid(_ style: String) throws {
        let file = path("dash.xopp")
        S.write(S.document(S.page(Self.stroke("width=\"1\" style=\"\(style)\"", "0 0 28000 0 28000 28000 0 28000"))), to: file)
        let (document, layers) = try read(file)
        #expect(layers[0].strokes.count == 1 && layers[0].strokes[0].points.count == 4)
        #expect(document.report.warnings.contains { $0.contains("drawn solid") && $0.contains("page 1, stroke 1") })
    }

    /// The whole document is cut into at most `maximumDashesPerDocument` dashes; a stroke that would
    /// pass what is left is drawn solid. The estimate is made before any dash is cut.
    @Test(.timeLimit(.minutes(2))) func dashesAreBoundedForTheWholeDocument() throws {
        func build(_ style: String, _ coordinates: [Double], budget: Int) throws -> XournalStrokeBuilder.Result {
            try XournalStrokeBuilder(attributes: [("width", "1"), ("style", style)], coordinates: coordinates, fileVersion: 4,
                                     where_: "page 1, stroke 1").build(dashBudget: budget)
        }
        // 100 pt of "cust: 1 1": 50 dashes, estimated at most 51 (a dash may start at the very end).
        let line: [Double] = [0, 0, 100, 0]
        #expect(try build("cust: 1 1", line, budget: 51).strokes.count == 50)
        let over = try build("cust: 1 1", line, budget: 50)
        #expect(over.strokes.count == 1 && over.dashes == 0 && over.warnings.contains { $0.text.contains("drawn solid") })
        // The longest stroke the range allows at the finest pattern still cut: an estimate, no loop.
        let long = try build("cust: 0.005 0.005", [-28_800, -28_800, 28_800, 28_800, -28_800, 28_800, 28_800, -28_800],
                             budget: DashCutter.maximumDashesPerDocument)
        #expect(long.strokes.count == 1 && long.dashes == 0)
        // The document's count goes down stroke by stroke.
        let layer = "<layer>" + String(repeating: #"<stroke tool="pen" color="black" width="1" style="dash">0 0 900 0</stroke>"#, count: 3) + "</layer>"
        let file = path("dashes.xopp")
        S.write(S.document(S.page(layer)), to: file)
        let (_, layers) = try read(file)
        #expect(layers[0].strokes.count == 3 * 100)
    }

    // MARK: - 4. Attachments

    /// Bytes zlib cannot shrink much, so that an entry's expanded size is close to its stored size.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    static func image(_ name: String) -> String {
        "<image left=\"0\" top=\"0\" right=\"10\" bottom=\"10\"><attachment path=\"\(name)\"/></image>"
    }

    /// One attachment that many images name is read once: one copy in memory, counted once.
    @Test func anAttachmentIsReadOnceForAllItsReferences() async throws {
        let png = [0x89, 0x50, 0x4E, 0x47] + Self.noise(300_000, seed: 1)
        let content = S.document(S.page("<layer>" + String(repeating: Self.image("attachments/big.png"), count: 40) + "</layer>",
                                        background: ##"<background type="pixmap" domain="attach" filename="attachments/big.png"/>"##))
        let file = path("many.xopp")
        await S.writeZip(S.package(content, extra: [("attachments/big.png", png)]), to: file)
        // 41 references of 300 KB: within a 1 MB budget only when read once.
        let (document, _) = try read(file, options: options(limit: 1 << 20))
        let images = document.pages[0].decorations.compactMap { decoration -> [UInt8]? in
            if case .image(let bytes) = decoration.content { bytes } else { nil }
        }
        #expect(images.count == 40 && images.allSatisfy { $0 == png })
        let buffers = Set(images.map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
        #expect(buffers.count == 1, "each reference holds its own copy")
    }

    /// The archive has one budget: entries that each fit but together pass it are refused.
    @Test func theArchiveHasOneBudgetForAllItsEntries() async throws {
        let a = [0x89, 0x50, 0x4E, 0x47] + Self.noise(400_000, seed: 2), b = [0x89, 0x50, 0x4E, 0x47] + Self.noise(400_000, seed: 3)
        let content = S.document(S.page("<layer>" + Self.image("attachments/a.png") + Self.image("attachments/b.png") + "</layer>"))
        let file = path("two.xopp")
        await S.writeZip(S.package(content, extra: [("attachments/a.png", a), ("attachments/b.png", b)]), to: file)
        #expect(failure(file, options: options(limit: 1 << 20)) == nil)
        let refused = try #require(failure(file, options: options(limit: 700_000)), "two 400 KB entries read under 700 KB")
        guard case .expandsTooFar(_, let part, let limit) = refused else { Issue.record("\(refused)"); return }
        #expect(part.contains("attachments/b.png") && limit == 700_000, "\(refused)")
        // content.xml counts too: with a 300 KB content.xml, one 400 KB entry passes a 600 KB budget.
        let padded = S.document(S.page("<layer>" + Self.image("attachments/a.png") + "</layer>") + "<!--" + String(repeating: "x", count: 300_000) + "-->")
        await S.writeZip(S.package(padded, extra: [("attachments/a.png", a)]), to: file)
        #expect(failure(file, options: options(limit: 800_000)) == nil)
        guard case .expandsTooFar? = failure(file, options: options(limit: 600_000)) else { Issue.record("content.xml not counted"); return }
    }

    /// Entry names that are absolute or climb out with `..` are refused, in a zip and beside a gzip document.
    @Test func attachmentNamesThatClimbOutAreRefused() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        for name in ["../evil.png", "/etc/evil.png", "attachments/../../evil.png"] {
            for body in [S.page("<layer>" + Self.image(name) + "</layer>"),
                         S.page("<layer/>", background: "<background type=\"pixmap\" domain=\"attach\" filename=\"\(name)\"/>"),
                         S.page("<layer/>", background: "<background type=\"pdf\" domain=\"attach\" filename=\"\(name)\" pageno=\"1\"/>")] {
                let file = path("climb.xopp")
                var writer = try ZipArchiveWriter(path: file)
                try writer.add("mimetype", bytes: Array("application/xournal++".utf8))
                try writer.add("META-INF/version", bytes: Array("current=4\nmin=4\n".utf8))
                try writer.add("content.xml", bytes: Array(S.document(body).utf8))
                try writer.add(name, bytes: png)
                try writer.close()
                let refused = try #require(failure(file), "\(name) was read from the zip")
                #expect(refused.description.contains("climbs out") && refused.description.contains(name), "\(refused)")
            }
        }
        // Beside a gzip document, an attachment is NAME.xopp.FILENAME: a name with '..' is refused too.
        let gzip = path("climb-gzip.xopp")
        await S.writeGzip(S.document(S.page("<layer/>", background: ##"<background type="pixmap" domain="attach" filename="../climb.png"/>"##)), to: gzip)
        let refused = try #require(failure(gzip), "a gzip attachment with '..' was read")
        #expect(refused.description.contains("climbs out"))
    }

    // MARK: - 5. Referenced files

    /// A file a background names, and what is wrong with it.
    enum Referenced: String, CaseIterable, Sendable {
        case device, fifo, folder, overCap, outsideConfinement
    }

    /// The path of a referenced file of `kind` (made here), and the options to read with.
    func referenced(_ kind: Referenced, name: String) -> (path: String, options: ImportOptions) {
        var options = self.options()
        switch kind {
        case .device:
            return ("/dev/zero", options)
        case .fifo:
            let fifo = path(name + ".fifo")
            unlink(fifo)
            #expect(mkfifo(fifo, 0o600) == 0)
            return (fifo, options)
        case .folder:
            let inner = path(name + ".d")
            try? FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
            return (inner, options)
        case .overCap:
            let big = path(name)
            _ = FileManager.default.createFile(atPath: big, contents: Data([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 7, count: 5000)))
            options.maximumReferencedFileBytes = 4096
            return (big, options)
        case .outsideConfinement:
            let outside = S.temporaryFolder()
            let file = (outside as NSString).appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: file, contents: Data([0x89, 0x50, 0x4E, 0x47, 1]))
            options.confinement = []
            return (file, options)
        }
    }

    static func problemWords(_ kind: Referenced) -> [String] {
        switch kind {
        case .device: ["a device, not a regular file"]
        case .fifo: ["a FIFO, not a regular file"]
        case .folder: ["a folder, not a regular file"]
        case .overCap: ["5004 bytes", "4096"]
        case .outsideConfinement: ["outside the folders --confine allows"]
        }
    }

    /// A pixmap background (domain absolute) is read only when it is a regular file under the cap and,
    /// with `--confine`, inside; otherwise a located error names the file, the page and the fix.
    @Test(.timeLimit(.minutes(2)), arguments: Referenced.allCases)
    func backgroundImagesAreCheckedBeforeTheyAreRead(_ kind: Referenced) throws {
        let (image, options) = referenced(kind, name: "background.png")
        let file = path("pixmap-\(kind.rawValue).xopp")
        let first = S.page("<layer/>")
        S.write(S.document(first + S.page("<layer/>", background: "<background type=\"pixmap\" domain=\"absolute\" filename=\"\(image)\"/>")), to: file)
        let refused = try #require(failure(file, options: options), "\(kind): the background image was read")
        let text = refused.description
        #expect(text.hasPrefix(file + ":") && text.contains("page 2") && text.contains("background image '\(image)'"), "\(text)")
        for word in Self.problemWords(kind) { #expect(text.contains(word), "\(text) lacks '\(word)'") }
        #expect(text.contains("remove the background") || text.contains("--allow FOLDER"), "no fix in \(text)")
    }

    /// The same for a PDF background: it is read later by poppler, so it is checked here.
    @Test(.timeLimit(.minutes(2)), arguments: Referenced.allCases)
    func backgroundPDFsAreCheckedBeforeTheyAreRead(_ kind: Referenced) throws {
        let (pdf, options) = referenced(kind, name: "background.pdf")
        let file = path("pdf-\(kind.rawValue).xopp")
        S.write(S.document(S.page("<layer/>", background: "<background type=\"pdf\" domain=\"absolute\" filename=\"\(pdf)\" pageno=\"1\"/>")), to: file)
        let refused = try #require(failure(file, options: options), "\(kind): the background PDF was accepted")
        let text = refused.description
        #expect(text.hasPrefix(file + ":") && text.contains("page 1") && text.contains("background PDF '\(pdf)'"), "\(text)")
        for word in Self.problemWords(kind) { #expect(text.contains(word), "\(text) lacks '\(word)'") }
        #expect(text.contains("--pdf"), "no fix in \(text)")
    }

    /// What passes the checks reads as before: an image beside the document under --confine, within the cap.
    @Test func referencedFilesThatPassAreRead() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 4, 5, 6]
        _ = FileManager.default.createFile(atPath: path("ok.png"), contents: Data(png))
        S.write("%PDF-1.4 ok", to: path("ok.pdf"))
        let file = path("ok.xopp")
        S.write(S.document(S.page("<layer/>", background: ##"<background type="pixmap" domain="absolute" filename="ok.png"/>"##)
                           + S.page("<layer/>", background: ##"<background type="pdf" domain="absolute" filename="ok.pdf" pageno="1"/>"##)), to: file)
        var options = self.options()
        options.confinement = []
        options.maximumReferencedFileBytes = 64
        let (document, _) = try read(file, options: options)
        #expect(document.pages[0].background == .paper(Paper(ruling: .plain, image: png)))
        #expect(document.backgroundPDF?.resolved == path("ok.pdf"))
        // A missing image is still what Xournal++ makes of it: plain paper, with a warning.
        S.write(S.document(S.page("<layer/>", background: ##"<background type="pixmap" domain="absolute" filename="gone.png"/>"##)), to: file)
        let (missing, _) = try read(file)
        #expect(missing.pages[0].background == .paper(Paper(ruling: .plain)))
    }
}

/// Xournal++'s number lists read as a `strtod` loop reads them (each number the longest prefix
/// `strtod` takes, stopping at the first text that is none), on the short-decimal fast path and off it.
@Suite struct XournalNumberListTests {
    static func strtodList(_ text: String) -> [Double] {
        text.withCString { start in
            var values: [Double] = []
            var cursor = UnsafeMutablePointer(mutating: start)
            while true {
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(cursor, &end)
                guard let end, end != cursor else { break }
                values.append(value)
                cursor = end
            }
            return values
        }
    }

    @Test(arguments: ["1.5 2.25 -3.125", "  12.5\t\n7 ", "1-2 3", "1.5pt 2", "0x10 4", "1e3 2.5", "+3 .5 5. 6",
                      "nan 1", "inf", "1,5 2", "00012.500 -0", "1234567890123456.5 1", "7.038531e-26 1", "", "  ", "- 1",
                      "1.5.3 2", "2E2 1", "4.e1 3", "1.2-3 4", "-0.0 5"])
    func listsReadAsStrtodReadsThem(_ text: String) {
        var values: [Double] = []
        XournalNumbers.scanList(text, into: &values, limit: 100)
        let expected = Self.strtodList(text)
        #expect(values.map(\.bitPattern) == expected.map(\.bitPattern), "\(text)")
    }

    @Test func randomCoordinatesAreStrtodsBitForBit() {
        let seed = SplitMix64.testSeed(0x584f5050)
        var generator = SplitMix64(seed: seed)
        let text = (0..<4000).map { _ in
            String(format: "%.\(Int.random(in: 0...6, using: &generator))f", Double.random(in: -2000...2000, using: &generator))
        }.joined(separator: " ")
        var values: [Double] = []
        XournalNumbers.scanList(text, into: &values, limit: 10_000)
        #expect(values.map(\.bitPattern) == Self.strtodList(text).map(\.bitPattern), "seed \(seed)")
    }
}
