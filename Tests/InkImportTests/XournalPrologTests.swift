import Foundation
import Testing
import InkModel
@testable import InkImport

/// A document type declaration is refused from the parser's own events, whatever
/// encoding the prolog declares, before any entity in it is declared or expanded.
@Suite struct XournalPrologTests {
    typealias S = XournalTestSupport
    let folder = S.temporaryFolder()

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func error(_ file: String) -> XournalImportError? {
        do {
            _ = try XournalImporter.read(path: file, options: S.options(folder))
            return nil
        } catch {
            return error
        }
    }

    /// Eight levels of ten references each: 10^8 copies of "lol" if ever expanded.
    static let entities = (1...8).map { level in
        "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">"
    }.joined()

    static let body = #"<xournal fileversion="4"><page width="100" height="100"><layer><text x="1" y="1" size="12">&e8;</text></layer></page></xournal>"#

    /// UTF-7 text of `ascii`, every character outside UTF-7's direct set written as a base64 run
    /// (RFC 2152), so that the raw bytes show no `<`, `>` or `!` where the parser sees them.
    static func utf7(_ ascii: String) -> String {
        let direct = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'(),-./:? \n")
        var out = ""
        var run: [UInt8] = []
        func flush() {
            guard !run.isEmpty else { return }
            out += "+" + Data(run).base64EncodedString().replacingOccurrences(of: "=", with: "") + "-"
            run = []
        }
        for character in ascii {
            if direct.contains(character) {
                flush()
                out.append(character)
            } else {
                let unit = character.utf16.first!
                run += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
        }
        flush()
        return out
    }

    @Test("a UTF-7 prolog that hides a DOCTYPE from a byte scan is refused at once, its entities never read")
    func utf7EntityBomb() throws {
        // The bytes read as a comment up to the raw "-->"; decoded, the comment ends at once and the DOCTYPE follows.
        let text = #"<?xml version="1.0" encoding="UTF-7"?>"# + "\n<!-- " + Self.utf7("--> <!DOCTYPE xournal [" + Self.entities + "<!ENTITY e0 \"lol\">]> <!-- ")
            + " -->\n" + Self.utf7(Self.body)
        #expect(!text.contains("<!DOCTYPE"))
        S.write(text, to: path("utf7.xopp"))
        let started = Date()
        let failure = error(path("utf7.xopp"))
        guard case .documentTypeDeclaration(_, let place)? = failure else {
            Issue.record("expected the DOCTYPE refused, got \(String(describing: failure))")
            return
        }
        #expect(place.line == 2, "the DOCTYPE is on line 2: \(place)")
        #expect(failure!.description.contains("document type declaration"))
        #expect(!failure!.description.contains("not expanded"))
        print("UTF-7 entity bomb refused in \(Date().timeIntervalSince(started)) s")
    }

    @Test("a DOCTYPE in UTF-16 (both byte orders) and in plain UTF-8 after a comment is refused")
    func otherEncodings() throws {
        let plain = "<?xml version=\"1.0\"?>\n<!-- a note -->\n<!DOCTYPE xournal [" + Self.entities + "<!ENTITY e0 \"lol\">]>\n" + Self.body
        for (name, bytes) in [("le", [0xFF, 0xFE] + Array(plain.replacingOccurrences(of: "?>", with: " encoding=\"UTF-16\"?>").data(using: .utf16LittleEndian)!)),
                              ("be", [0xFE, 0xFF] + Array(plain.replacingOccurrences(of: "?>", with: " encoding=\"UTF-16\"?>").data(using: .utf16BigEndian)!)),
                              ("utf8", Array(plain.utf8))] {
            _ = FileManager.default.createFile(atPath: path("dtd-\(name).xopp"), contents: Data(bytes))
            let failure = error(path("dtd-\(name).xopp"))
            guard case .documentTypeDeclaration? = failure else {
                Issue.record("\(name): expected the DOCTYPE refused, got \(String(describing: failure))")
                continue
            }
        }
    }

    @Test("a document in UTF-16 or UTF-7 without a DOCTYPE is read as any other")
    func encodedDocumentsRead() throws {
        let body = ##"<xournal fileversion="4"><page width="100" height="200"><background type="solid" color="#ffffffff" style="plain"/><layer><stroke tool="pen" color="#000000ff" width="1">1 2 30 40</stroke></layer></page></xournal>"##
        let utf16 = [0xFF, 0xFE] + Array(("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body).data(using: .utf16LittleEndian)!)
        _ = FileManager.default.createFile(atPath: path("u16.xopp"), contents: Data(utf16))
        S.write(#"<?xml version="1.0" encoding="UTF-7"?>"# + "\n" + Self.utf7(body), to: path("u7.xopp"))
        for name in ["u16.xopp", "u7.xopp"] {
            let document = try XournalImporter.read(path: path(name), options: S.options(folder))
            #expect(document.pages.count == 1, "\(name)")
            let (_, layers) = try S.layers(document.layersPath)
            #expect(layers.flatMap(\.strokes).count == 1, "\(name)")
            #expect(layers.first?.strokes.first?.points.map(\.x) == [1, 30], "\(name)")
        }
    }

    @Test("a prolog of more than a MiB before the root is refused, not read on")
    func longProlog() throws {
        S.write("<?xml version=\"1.0\"?>\n<!--" + String(repeating: "x", count: 1 << 21) + "-->\n" + Self.body.replacingOccurrences(of: "&e8;", with: "t"), to: path("long.xopp"))
        let failure = error(path("long.xopp"))
        guard case .notXournal(_, let reason)? = failure else {
            Issue.record("expected refusal, got \(String(describing: failure))")
            return
        }
        #expect(reason.contains("before its root element"))
    }
}
