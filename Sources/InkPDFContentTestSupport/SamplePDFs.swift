import LibCairo
import LibQPDF
import Foundation
import InkRendering

/// PDFs for the content writer's tests and measurements, made with cairo and qpdf.
public enum SamplePDFs {
    /// A cairo PDF of blank pages of the given sizes (points), or, with
    /// `drawings`, each page's drawings painted by `CairoInkPainter` (today's
    /// ink PDF, the peer the content writer is measured against).
    ///
    /// The corresponding C functions are `cairo_pdf_surface_create`, `cairo_pdf_surface_set_size`,
    /// `cairo_show_page` and `cairo_surface_finish`.
    public static func cairoPDF(path: String, pages: [(width: Double, height: Double)],
                                drawings: ((Int) -> [StrokeDrawing])? = nil,
                                background: ((borrowing CairoContext, Int) -> Void)? = nil) throws {
        let first = pages.first ?? (612, 792)
        let surface = CairoPDFSurface(path: path, width: first.width, height: first.height)
        surface.setMetadata(.createDate, "")
        let context = CairoContext(drawingOn: surface)
        let textures = InkTextures()
        for (index, size) in pages.enumerated() {
            surface.setSize(width: size.width, height: size.height)
            background?(context, index + 1)
            if let drawings { CairoInkPainter.draw(drawings(index + 1), on: context, textures: textures) }
            context.showPage()
        }
        _ = consume context
        surface.finish()
        if let error = surface.status { throw RasterError.cairo(path: path, status: error.description) }
    }

    /// `source` rewritten by qpdf with object streams, so that its cross-reference section is a stream.
    public static func withXRefStream(_ source: String, to destination: String) throws {
        do {
            try QPDFDocument(path: source).write(to: destination, objectStreams: .generate)
        } catch {
            throw RasterError.qpdf(path: source, reason: "cannot read or write (\(error))")
        }
    }

    /// `qpdf --check` on `path`: whether it passed (exit 0, no warnings) and what it said.
    public static func qpdfCheck(_ path: String) -> (passed: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        process.arguments = ["--check", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (false, "cannot run qpdf: \(error)") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0 && !output.contains("WARNING"), output)
    }
}
