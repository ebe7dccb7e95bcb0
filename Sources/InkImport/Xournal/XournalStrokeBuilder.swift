import InkModel

/// Turns one `<stroke>` element into ink-layers strokes the way Xournal++
/// loads and draws it (`XmlParser.cpp`, `LoadHandler.cpp`, `StrokeView.cpp`):
///
/// - points "x y x y …", a polyline (`interpolation: linear`);
/// - `width`: the nominal width, then one width per segment (n − 1 values for
///   n points), or a separate `pressures` list (MrWriter). A point's `w`/`h`
///   is the width of the segment that starts there (the last point: of the
///   segment that ends there), its `force` that width over the nominal one;
/// - width repair: with some segment widths zero, negative or NaN, those
///   points are removed and the stroke is split into the pieces between them;
///   a stroke with none left is dropped; fewer widths than segments are ignored.
///   A last segment of width 0 alone is Xournal++'s ordinary output (the pen's
///   pressure ending at 0): its end point is dropped, without a warning;
/// - pen: opaque (Xournal++ ignores the stored alpha); highlighter: `marker`
///   ink at Xournal++'s fixed opacity 0.47 (or the fill's), nominal width,
///   drawn multiplied; eraser: opaque white ink (whiteout);
/// - every ink drawn as cairo lines (`Ink.lineKeys` on the ink): the
///   highlighter and a pen without pressure at one width, a pen with pressure
///   segment by segment, with the `capStyle` caps;
/// - dash styles cut the polyline into one stroke per dash, within the document's
///   budget of dashes (a pattern finer than `DashCutter.minimumPeriod`, or one that
///   would pass the budget, is drawn solid, with a warning);
/// - every number is checked against `InkRange`: a width beyond the largest page, or a
///   time no PDF date can hold, is a `RangeProblem` (the caller says where);
/// - a `fill` becomes a polygon of the stroke's points with alpha fill/255;
/// - every attribute without an ink-layers meaning is kept under `"xournal"`.
struct XournalStrokeBuilder {
    /// Xournal++'s highlighter opacity (`StrokeView.h`, `OPACITY_HIGHLIGHTER`).
    static let highlighterOpacity = 0.47
    /// Attributes whose content the points and ink carry in full.
    private static let mappedAttributes: Set<String> = ["width", "pressures"]

    struct Result {
        var strokes: [Stroke] = []
        /// Polygons (x0, y0, x1, y1, …) and their fill colour, one per filled piece.
        var fills: [(polygon: [Double], color: RGBAColor)] = []
        var warnings: [XournalWarning] = []
        /// How many dashes the dash style cut the stroke into (0 for a solid stroke).
        var dashes = 0
    }

    /// A number of the stroke outside `InkRange`: what it is and why, for the caller to place.
    struct RangeProblem: Error {
        var problem: String
    }

    let attributes: [(name: String, value: String)]
    let coordinates: [Double]
    let fileVersion: Int
    /// For warnings: "page 2, stroke 5".
    let where_: String

    private func attribute(_ name: String) -> String? { attributes.last(where: { $0.name == name })?.value }

    /// The strokes, cut into at most `dashBudget` dashes.
    func build(dashBudget: Int = DashCutter.maximumDashesPerDocument) throws(RangeProblem) -> Result {
        var result = Result()
        let tool = attribute("tool") ?? "pen"
        let knownTool = ["pen", "highlighter", "eraser"].contains(tool)
        if !knownTool {
            result.warnings.append(.init("strokes of an unknown tool drawn as a pen (as Xournal++ does)", at: where_,
                                         text: "\(where_): unknown tool '\(tool.prefix(40))', drawn as a pen (as Xournal++ does)", particular: "tool '\(tool.prefix(40))'"))
        }
        let colorText = attribute("color")
        var color = colorText.flatMap { XournalColor.parse($0) }
        if color == nil {
            result.warnings.append(.init("strokes of an unknown colour drawn black (as Xournal++ does)", at: where_,
                                         text: "\(where_): colour '\((colorText ?? "").prefix(40))' unknown, drawn black (as Xournal++ does)", particular: "colour '\((colorText ?? "").prefix(40))'"))
            color = RGBAColor(red: 0, green: 0, blue: 0)
        }

        // Nominal width and per-segment widths.
        let widthText = attribute("width") ?? "1"
        var widthValues: [Double] = []
        XournalNumbers.scanList(widthText, into: &widthValues, limit: coordinates.count / 2 + 1)
        let nominal = widthValues.first ?? 0
        var pressures = Array(widthValues.dropFirst())
        if let separate = attribute("pressures") {
            pressures = []
            XournalNumbers.scanList(separate, into: &pressures, limit: coordinates.count / 2 + 1)
        }
        // Zero, negative and NaN widths are Xournal++'s to repair (below); a width past the largest
        // page (infinity too) is not a stroke anyone drew.
        if nominal > InkRange.maximumWidth, let problem = InkRange.widthProblem("stroke width", nominal) {
            throw RangeProblem(problem: problem)
        }
        if let (index, width) = pressures.enumerated().first(where: { $0.element > InkRange.maximumWidth }),
           let problem = InkRange.widthProblem("width of segment \(index + 1)", width) {
            throw RangeProblem(problem: problem)
        }

        let pointCount = coordinates.count / 2
        if coordinates.count % 2 == 1 {
            result.warnings.append(.init("strokes with an odd number of coordinates: the last one ignored (as Xournal++ does)", at: where_,
                                         text: "\(where_): an odd number of coordinates; the last one is ignored (as Xournal++ does)"))
        }
        guard pointCount >= 2 else {
            result.warnings.append(.init("strokes with fewer than two points left out (Xournal++ cannot draw them)", at: where_,
                                         text: "\(where_): a stroke with fewer than two points is left out (Xournal++ cannot draw it)"))
            return result
        }

        // Pieces of (vertex, segment width) after the width repair.
        var pieces: [[DashCutter.Vertex]] = []
        var hasPressure = false
        var repair: String?
        func vertex(_ i: Int, _ width: Double) -> DashCutter.Vertex {
            DashCutter.Vertex(x: coordinates[2 * i], y: coordinates[2 * i + 1], width: width)
        }
        let isHighlighter = tool == "highlighter"
        if !pressures.isEmpty && pressures.count >= pointCount - 1 && !(isHighlighter && !InkRange.isWidth(nominal)) {
            hasPressure = true
            let segment = Array(pressures.prefix(pointCount - 1))
            let endsAtZero = segment.count >= 2 && segment[segment.count - 1] == 0
            if segment.allSatisfy({ $0 > 0 }) {
                pieces = [(0..<pointCount).map { vertex($0, segment[min($0, pointCount - 2)]) }]
            } else if endsAtZero, segment.dropLast().allSatisfy({ $0 > 0 }) {
                // Xournal++ writes a width of 0 for the last segment when the pen's pressure ends
                // at 0, and draws that segment as nothing (1.1: a cairo line of width 0; later
                // versions drop its last point on load): the stroke ends at the point before.
                pieces = [(0..<(pointCount - 1)).map { vertex($0, segment[min($0, pointCount - 3)]) }]
                repair = "last point dropped: its segment's width is 0 (drawn as nothing by Xournal++)"
            } else {
                var i = 0
                while i < segment.count {
                    guard segment[i] > 0 else { i += 1; continue }
                    var piece: [DashCutter.Vertex] = []
                    while i < segment.count && segment[i] > 0 {
                        piece.append(vertex(i, segment[i]))
                        i += 1
                    }
                    // The point where the widths stop closes the piece, without a width of its own.
                    piece.append(vertex(i, piece[piece.count - 1].width))
                    pieces.append(piece)
                }
                repair = pieces.isEmpty ? nil : "split into \(pieces.count) at non-positive widths"
                if pieces.isEmpty {
                    result.warnings.append(.init("strokes whose widths are all zero, negative or NaN left out (as Xournal++ does)", at: where_,
                                                 text: "\(where_): a stroke whose widths are all zero, negative or NaN is left out (as Xournal++ does)"))
                    return result
                }
                result.warnings.append(.init("strokes with zero, negative or NaN widths inside them: those points removed, the stroke split there (as Xournal++ does)",
                                             at: where_, text: "\(where_): points with zero, negative or NaN widths removed, the stroke \(repair!) (as Xournal++ does)", particular: repair))
            }
        } else {
            if !pressures.isEmpty {
                result.warnings.append(.init("strokes with too few widths for their segments drawn at their nominal width (as Xournal++ does)", at: where_,
                                             text: "\(where_): \(pressures.count) widths for \(pointCount - 1) segments; the nominal width is used (as Xournal++ does)", particular: "\(pressures.count) widths for \(pointCount - 1) segments"))
            }
            guard nominal > 0, nominal.isFinite else {
                result.warnings.append(.init("strokes of width zero, negative or NaN left out (invisible)", at: where_,
                                             text: "\(where_): a stroke of width \(widthText.prefix(20)) is invisible and left out", particular: "width \(widthText.prefix(20))"))
                return result
            }
            pieces = [(0..<pointCount).map { vertex($0, nominal) }]
        }

        // Ink. The fill is an int to Xournal++ (its leading digits; -1, none, when absent or out
        // of 32 bits) and an opacity of fill/255 to cairo, which clamps it to 0 … 1.
        let fill = attribute("fill").flatMap(XournalNumbers.leadingInt32) ?? -1
        let filled = fill >= 0
        let fillAlpha = Double(min(fill, 255)) / 255
        // A pen with pressure may give a nominal width it never draws at: the ink carries its first width then.
        let inkWidth = InkRange.isWidth(nominal) ? nominal : (pieces.first?.first?.width ?? 1)
        var ink: Ink
        switch tool {
        case "highlighter":
            ink = Ink(type: .marker, color: XournalColor.with(color!, alpha: filled ? fillAlpha : Self.highlighterOpacity), width: inkWidth)
        case "eraser":
            ink = Ink(type: .pen, color: RGBAColor(red: 1, green: 1, blue: 1), width: inkWidth)
        default:
            ink = Ink(type: .pen, color: XournalColor.with(color!, alpha: 1), width: inkWidth)
        }
        // Xournal++ strokes lines with cairo: the highlighter at one width, a pen with
        // pressure segment by segment, each with the file's caps (round when unknown).
        ink.setLines(width: hasPressure && !isHighlighter ? .perSegment : .constant, cap: attribute("capStyle") ?? "round")

        var created = 0.0
        if let ts = attribute("ts"), let value = XournalNumbers.leadingInteger(ts) {
            created = fileVersion < 4 ? Double(value) : Double(value) / 1000
            if let problem = InkRange.timeProblem("timestamp ts", created) { throw RangeProblem(problem: problem) }
        }

        var extension_ = JSONObject()
        for (name, value) in attributes where !Self.mappedAttributes.contains(name) {
            extension_[name] = .string(value)
        }
        if attribute("tool") == nil { extension_["tool"] = .string("pen") }
        if hasPressure { extension_["pressure"] = .bool(true) }
        if let repair { extension_["repaired"] = .string(repair) }

        var pattern = attribute("style").flatMap(XournalDashes.pattern)
        if let dash = pattern {
            // The dashes a pattern cuts the stroke into, known before any is cut: a pattern finer than
            // the minimum period, or one past what the document may still be cut into, is drawn solid.
            let period = DashCutter.period(dash)
            if period < DashCutter.minimumPeriod {
                result.warnings.append(.init("dash patterns finer than \(DashCutter.minimumPeriod) pt drawn solid", at: where_,
                                             text: "\(where_): dash pattern '\(attribute("style")!.prefix(40))' repeats every \(period) pt, finer than \(DashCutter.minimumPeriod) pt; drawn solid", particular: "pattern '\(attribute("style")!.prefix(40))'"))
                pattern = nil
            } else if DashCutter.estimatedDashes(pieces, pattern: dash) > Double(dashBudget) {
                result.warnings.append(.init("dashed strokes past the document's \(DashCutter.maximumDashesPerDocument) dashes drawn solid", at: where_,
                                             text: "\(where_): dash pattern '\(attribute("style")!.prefix(40))' would cut the stroke into more dashes than the \(dashBudget) the document may still have (of \(DashCutter.maximumDashesPerDocument)); drawn solid", particular: "pattern '\(attribute("style")!.prefix(40))'"))
                pattern = nil
            }
        }
        for piece in pieces {
            if filled {
                result.fills.append((piece.flatMap { [$0.x, $0.y] }, XournalColor.with(color!, alpha: fillAlpha)))
            }
            var dashes = [piece]
            if let pattern {
                dashes = DashCutter.split(piece, pattern: pattern)
                result.dashes += dashes.count
            }
            for (index, dash) in dashes.enumerated() where !dash.isEmpty {
                var extra = extension_
                if pattern != nil {
                    extra["dash"] = .number(index + 1)
                    extra["dashes"] = .number(dashes.count)
                }
                let points = dash.map { v in
                    // The highlighter is drawn at its nominal width whatever the pressure (StrokeView).
                    let w = isHighlighter ? nominal : v.width
                    let force = InkRange.isWidth(nominal) ? min(v.width / nominal, InkRange.maximumAttribute) : 1
                    return StrokePoint(x: v.x, y: v.y, w: w, h: w, force: hasPressure ? force : 1)
                }
                result.strokes.append(Stroke(ink: ink, created: created, interpolation: .linear, points: points,
                                             extra: JSONObject([(key: "xournal", value: .object(extra))])))
            }
        }
        return result
    }
}
