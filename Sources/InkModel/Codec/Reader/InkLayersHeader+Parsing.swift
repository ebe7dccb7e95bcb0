/// Reading and validating line 1.
extension InkLayersHeader {
    /// Parses and validates the header line.
    /// - Parameters:
    ///   - bytes: line 1 without its line end or byte-order mark.
    ///   - file: the file's name for messages.
    public init(parsing bytes: UnsafeRawBufferPointer, file: String) throws {
        func fail(_ field: String?, _ problem: String) -> InkLayersError {
            InkLayersError(file: file, line: 1, field: field, problem: problem)
        }
        let notOurs = "not an inkpdf-layers file: "
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            throw fail(nil, "line 1 is empty; expected the inkpdf-layers header")
        }
        var scanner = JSONScanner(bytes)
        let value: JSONValue
        do {
            value = try scanner.parseValue(depth: 0)
            try scanner.expectEnd()
        } catch {
            throw fail(nil, notOurs + "line 1 is not valid JSON (\(error.located))")
        }
        guard case .object(let object) = value else { throw fail(nil, notOurs + "line 1 is not a JSON object") }

        switch object["format"] {
        case nil:
            throw fail("format", notOurs + "the header has no `format`; expected \"format\":\"\(Self.formatName)\"")
        case .string(Self.formatName):
            break
        case .string(let other):
            throw fail("format", notOurs + "`format` is \(Self.quoted(other)); expected \"\(Self.formatName)\"")
        default:
            throw fail("format", notOurs + "`format` is not a string; expected \"\(Self.formatName)\"")
        }

        guard let versionValue = object["version"] else { throw fail("version", "the header has no `version`") }
        guard case .number(let versionText) = versionValue, let version = JSONScanner.integer(fromLiteral: versionText) else {
            throw fail("version", "`version` is not an integer")
        }
        if version > Self.supportedVersion {
            throw fail("version", "format version \(version) is newer than this inkpdf reads (\(Self.supportedVersion)); update inkpdf")
        }
        if version < 1 { throw fail("version", "format version \(version) is invalid; versions start at 1") }

        var pageCount: Int?
        var sha256: String?
        var pdfExtra = JSONObject()
        if let pdfValue = object["pdf"] {
            guard case .object(let pdf) = pdfValue else { throw fail("pdf", "`pdf` is not an object") }
            for (key, value) in pdf.entries {
                switch key {
                case "pageCount":
                    guard case .number(let text) = value, let count = JSONScanner.integer(fromLiteral: text), count > 0 else {
                        throw fail("pdf.pageCount", "`pdf.pageCount` is not a positive integer")
                    }
                    pageCount = count
                case "sha256":
                    guard case .string(let hex) = value, hex.utf8.count == 64, hex.utf8.allSatisfy(\.isHexDigit) else {
                        throw fail("pdf.sha256", "`pdf.sha256` is not 64 hexadecimal digits")
                    }
                    sha256 = hex
                default:
                    pdfExtra.entries.append((key, value))
                }
            }
        }
        let extra = JSONObject(object.entries.filter { !["format", "version", "pdf"].contains($0.key) })
        self.init(version: version, pdfPageCount: pageCount, pdfSHA256: sha256, pdfExtra: pdfExtra, extra: extra)
    }

    /// A string from the file, quoted and shortened for a message.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"\(shown)\""
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        self &- UInt8(ascii: "0") < 10 || (self | 0x20) &- UInt8(ascii: "a") < 6
    }
}
