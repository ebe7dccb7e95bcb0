import Foundation

/// Independent PDF readers, for tests that must check inkpdf's output against
/// real engines rather than against inkpdf itself: poppler, MuPDF, PDFium and
/// qpdf render pages (`scripts/reference_render.py`), PyMuPDF lists annotations
/// (`scripts/list_annotations.py`), pyHanko signs and judges signatures
/// (`scripts/signed_pdf.py`). Each runs `python3` on the repository's script.
/// Tests that need them are enabled by `isAvailable` (`make deps` installs them).
public enum ReferenceReaders {
    /// How a page is rendered (see `scripts/reference_render.py`).
    public enum Engine: String, Sendable, CaseIterable {
        /// `pdftoppm`.
        case poppler
        /// PyMuPDF's `get_pixmap`.
        case mupdf
        /// `mutool draw` (cannot hide annotations).
        case mutool
        /// pypdfium2's `render`.
        case pdfium
        /// `qpdf --flatten-annotations=all`, then poppler with annotations hidden.
        case qpdfFlatten = "qpdf-flatten"
    }

    /// A script that failed: which, its exit status (documented at the script's top) and its one-line message.
    public struct Failure: Error, CustomStringConvertible {
        public var script: String
        public var status: Int32
        public var message: String
        public var description: String { "\(script) exited \(status): \(message)" }
    }

    /// Whether python3 with PyMuPDF, pypdfium2 and pyHanko, and pdftoppm and qpdf, are on this machine
    /// (for `.enabled(…) { await ReferenceReaders.isAvailable }`).
    public static var isAvailable: Bool {
        get async {
            guard OutsideTool.pdftoppm.isInstalled && OutsideTool.qpdf.isInstalled else { return false }
            return await OutsideTool.pythonHas("pymupdf, pypdfium2, pyhanko")
        }
    }

    /// The reason a test that needs them gives when it is skipped.
    public static let missing = "needs python3 with PyMuPDF, pypdfium2 and pyHanko, pdftoppm and qpdf (make deps)"

    /// `scripts/` of the repository.
    public static let scripts = SharedCorpus.repository.appendingPathComponent("scripts")

    /// Renders page `page` (from 1) of `pdf` at `dpi` with `engine`, with its annotations
    /// or without them, to `output` (`.png`, `.ppm`, `.pgm`; a new file in a folder
    /// that lasts until the process ends when nil); returns the image's path.
    @discardableResult
    public static func render(pdf: String, page: Int = 1, engine: Engine, dpi: Int = 72, annotations: Bool = true,
                              to output: String? = nil) async throws -> String {
        let target = output ?? (TestFolder.lastingPath() as NSString).appendingPathComponent("\(engine.rawValue)-\(page).png")
        var arguments = ["render", pdf, "-o", target, "--page", String(page), "--dpi", String(dpi), "--engine", engine.rawValue]
        if !annotations { arguments.append("--no-annots") }
        _ = try await script("reference_render.py", arguments)
        return target
    }

    /// How well the ink of two renders agrees: the fraction of `a`'s ink pixels that have
    /// one of `b`'s within `radius` px (8-neighbourhood), and the converse; NaN for a side
    /// without ink. Ink is where a pixel's largest channel difference from the background
    /// exceeds `threshold` (of 255): `background` for `a`, and for `b` too unless
    /// `backgroundB` is given; white when neither is.
    public static func inkAgreement(_ a: String, _ b: String, background: String? = nil, backgroundB: String? = nil,
                                    threshold: Int = 48, radius: Int = 1) async throws -> (aInB: Double, bInA: Double) {
        var arguments = ["compare", a, b, "--threshold", String(threshold), "--radius", String(radius)]
        switch (background, backgroundB) {
        case let (background?, nil): arguments += ["--background", background]
        case let (background, backgroundB?):
            if let background { arguments += ["--background-a", background] }
            arguments += ["--background-b", backgroundB]
        case (nil, nil): break
        }
        let result = try json(await script("reference_render.py", arguments)) as? [String: Any] ?? [:]
        return ((result["a_in_b"] as? Double) ?? .nan, (result["b_in_a"] as? Double) ?? .nan)
    }

    /// Signs `pdf` into `output` with pyHanko and the throwaway certificate of
    /// `scripts/signed_pdf.py`: a certification that allows annotations (DocMDP P=3),
    /// or an approval signature when `certify` is false.
    public static func sign(_ pdf: String, to output: String, certify: Bool = true) async throws {
        _ = try await script("signed_pdf.py", ["sign", pdf, output] + (certify ? [] : ["--approval"]))
    }

    /// pyHanko's judgement of the first signature of a PDF.
    public struct SignatureJudgement: Sendable {
        /// The signed bytes are unchanged.
        public var intact: Bool
        /// And the signature over them verifies.
        public var valid: Bool
        /// What changed after the signed revision: NONE, LTA_UPDATES, FORM_FILLING,
        /// ANNOTATIONS or OTHER (pyHanko's analysis with the annotation rule of the script).
        public var level: String
        /// pyHanko's standard policy alone (which has no rule for annotations: OTHER for any).
        public var standardLevel: String
        /// The changes are within what a certification allows (nil when pyHanko cannot tell).
        public var docMDPAllows: Bool?
        /// pyHanko's reason for OTHER.
        public var reason: String?
    }

    /// Validates the first signature of `pdf` with pyHanko, trusting only the throwaway certificate.
    public static func judgeSignature(_ pdf: String) async throws -> SignatureJudgement {
        let result = try json(await script("signed_pdf.py", ["judge", pdf])) as? [String: Any] ?? [:]
        return SignatureJudgement(intact: result["intact"] as? Bool ?? false, valid: result["valid"] as? Bool ?? false,
                                  level: result["modification_level"] as? String ?? "?",
                                  standardLevel: result["standard_modification_level"] as? String ?? "?",
                                  docMDPAllows: result["docmdp_ok"] as? Bool, reason: result["diff_error"] as? String)
    }

    /// The annotations of `pdf` (of one page, or of all) as PyMuPDF reads them, in `/Annots`
    /// order: `page`, `subtype`, `rect`, `pdf_rect`, `vertices`, `flags`, `name` (/NM),
    /// `author`, `stroke`, `fill`, `border_width`, `opacity`, `has_appearance`, `intent`,
    /// `xref`, `private_keys` (see `scripts/list_annotations.py`).
    public static func annotations(of pdf: String, page: Int? = nil) async throws -> [[String: Any]] {
        let arguments = [pdf] + (page.map { ["--page", String($0)] } ?? [])
        return try json(await script("list_annotations.py", arguments)) as? [[String: Any]] ?? []
    }

    /// Edits `pdf` in place as a viewer would, with PyMuPDF: runs `code` (Python, with
    /// `pymupdf` imported and `doc` the open document), then saves it as an incremental
    /// update. For example `doc[0].add_ink_annot([[(100, 100), (150, 130)]]).update()`.
    public static func editWithMuPDF(_ pdf: String, _ code: String) async throws {
        let program = """
        import sys, pymupdf
        doc = pymupdf.open(sys.argv[1])
        exec(sys.argv[2])
        doc.save(sys.argv[1], incremental=True, encryption=pymupdf.PDF_ENCRYPT_KEEP)
        """
        _ = try await python(["-c", program, pdf, code], name: "PyMuPDF edit")
    }

    /// Runs `python3 scripts/NAME ARGUMENTS`; what it printed on stdout.
    public static func script(_ name: String, _ arguments: [String]) async throws -> Data {
        try await python([scripts.appendingPathComponent(name).path] + arguments, name: name)
    }

    private static func json(_ data: Data) throws -> Any { try JSONSerialization.jsonObject(with: data) }

    /// Runs python3 (`OutsideTool.python3`);
    /// what it printed, or `Failure` with its status and what it said on stderr.
    public static func python(_ arguments: [String], name: String = "python3") async throws -> Data {
        let run = try await OutsideTool.python3.outcome(arguments)
        guard run.status == 0 else {
            throw Failure(script: name, status: run.status,
                          message: String(decoding: run.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return run.output
    }
}
