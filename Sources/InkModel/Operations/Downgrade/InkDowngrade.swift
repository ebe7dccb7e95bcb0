/// Makes a copy of an ink-layers file that a client limited to an older
/// PencilKit content version can load: each newer ink becomes the closest
/// older ink. No stroke is dropped; the strokes whose look cannot be kept
/// are reported, and each re-inked stroke records its original type under
/// `ink.downgradedFrom`, so nothing is lost.
public enum InkDowngrade {
    /// The `ink` key that keeps a re-inked stroke's original type.
    public static let originalTypeKey = "downgradedFrom"

    /// How one ink type is drawn for an older client.
    public struct Mapping: Sendable, Equatable {
        public var from: InkType
        public var to: InkType
        /// Why the look changes, or nil if the older ink looks nearly the same.
        public var lostLook: String?

        public init(from: InkType, to: InkType, lostLook: String?) {
            self.from = from
            self.to = to
            self.lostLook = lostLook
        }
    }

    /// The closest ink a client of `maxContentVersion` has for `type`, or
    /// nil if it has `type` itself. An unknown ink becomes `pen` up to the
    /// newest version inkpdf knows; above that, whether the client has it
    /// cannot be told, and it is kept.
    public static func mapping(for type: InkType, maxContentVersion: Int) -> Mapping? {
        let version = max(maxContentVersion, 1)
        switch type {
        case .pen, .pencil, .marker:
            return nil
        case .monoline where version < 2:
            return Mapping(from: type, to: .pen, lostLook: nil)
        case .fountainPen where version < 2:
            return Mapping(from: type, to: .pen, lostLook: "pen does not vary the width with the nib angle")
        case .watercolor where version < 2:
            return Mapping(from: type, to: .marker, lostLook: "marker is a flat wash without watercolor's build-up")
        case .crayon where version < 2:
            return Mapping(from: type, to: .pencil, lostLook: nil)
        case .reed where version < 2:
            return Mapping(from: type, to: .pen, lostLook: "pen does not vary the width with the nib angle")
        case .reed where version < 4:
            return Mapping(from: type, to: .fountainPen, lostLook: nil)
        case .unknown(let name) where version <= ContentVersion.latestKnown:
            return Mapping(from: type, to: .pen, lostLook: "\"\(name)\" is an ink inkpdf does not know; it becomes pen")
        default:
            return nil
        }
    }

    /// The stroke as a client of `maxContentVersion` can load it, and the
    /// mapping applied (nil if the stroke is unchanged).
    public static func downgrade(_ stroke: Stroke, maxContentVersion: Int) -> (stroke: Stroke, mapping: Mapping?) {
        guard var mapping = mapping(for: stroke.ink.type, maxContentVersion: maxContentVersion) else { return (stroke, nil) }
        // Monoline is a constant width; pen follows each point's size, the same only if they are all equal.
        if mapping.from == .monoline, let first = stroke.points.first,
           stroke.points.contains(where: { $0.w != first.w || $0.h != first.h }) {
            mapping.lostLook = "pen follows the points' varying sizes where monoline kept one width"
        }
        var downgraded = stroke
        downgraded.ink.type = mapping.to
        if downgraded.ink.extra[originalTypeKey] == nil {
            downgraded.ink.extra[originalTypeKey] = .string(stroke.ink.type.name)
        }
        return (downgraded, mapping)
    }

    /// Copies `reader`'s file into `writer` for `maxContentVersion`, line by
    /// line: layers that need no change are copied byte for byte. The caller
    /// closes the writer.
    /// - Throws: `InkFileError` or `InkLayersError` (located in the input).
    public static func downgrade(_ reader: InkLayersReader, maxContentVersion: Int,
                                 to writer: InkLayersWriter) throws -> DowngradeReport {
        var report = DowngradeReport(maxContentVersion: maxContentVersion)
        var mappingCounts: [Mapping: Int] = [:]
        try writer.write(header: reader.header)
        while let line = try reader.nextLine() {
            var layer = try InkLayersReader.parseLayer(line.bytes, file: reader.displayName, line: line.number)
            report.layers += 1
            var changed = false
            for index in layer.strokes.indices {
                report.strokes += 1
                let original = layer.strokes[index]
                report.requiredBefore = max(report.requiredBefore, ContentVersion(requiredBy: original.ink.type))
                let (stroke, mapping) = downgrade(original, maxContentVersion: maxContentVersion)
                report.requiredAfter = max(report.requiredAfter, ContentVersion(requiredBy: stroke.ink.type))
                guard let mapping else { continue }
                changed = true
                layer.strokes[index] = stroke
                mappingCounts[Mapping(from: mapping.from, to: mapping.to, lostLook: nil), default: 0] += 1
                if let reason = mapping.lostLook {
                    report.lostLooks.append(DowngradeReport.LostLook(
                        line: line.number, page: layer.page, layer: layer.layer, stroke: index + 1,
                        from: mapping.from.name, to: mapping.to.name, reason: reason))
                }
            }
            if changed {
                try writer.write(layer: layer)
            } else {
                try writer.writeRawLine(line.bytes)
            }
        }
        report.mappings = mappingCounts
            .map { DowngradeReport.MappingCount(from: $0.key.from.name, to: $0.key.to.name, strokes: $0.value) }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        return report
    }
}

extension InkDowngrade.Mapping: Hashable {}
