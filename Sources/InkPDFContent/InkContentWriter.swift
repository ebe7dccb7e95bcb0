import InkModel
import InkRendering

/// Writes `StrokeDrawing`s as PDF content operators: the same picture
/// `CairoInkPainter.draw` paints, without cairo.
///
/// - Coordinates are integers on `grid` under one `cm`
///   (`1/n 0 0 -1/n 0 height cm`), which also turns the ink's y-down page
///   coordinates into PDF's y-up ones; numbers are formatted by integer code.
/// - Paths are `m l c v y h`; `h` is left out before a fill or clip (they close
///   subpaths themselves), and segments that vanish on the grid are dropped from fills.
/// - Fills use the non-zero rule (`f`, `W n`), strokes round caps and joins
///   (`1 J 1 j`, `w`, `S`); alpha and blending are ExtGStates (`gs`), one per
///   alpha and blend mode.
/// - Drawings go through `OpaqueStrokeBatching` as in the cairo painter, and the
///   grain of consecutive grained fills is painted once over their union: a
///   clip to the union, then a rectangle filled with the grain's tiling pattern
///   under the multiply blend. Stippled fills (`Grain.stipple`) are only that:
///   for consecutive ones of one colour, a clip to each level's union, then a
///   rectangle filled with the level's uncoloured pattern in the ink's colour.
///   A masked stroke is drawn inside `q … W n … Q`.
///
/// Deterministic: the same drawings give the same bytes.
public enum InkContentWriter {
    /// The content of one page of ink, `width` × `height` points as displayed.
    /// `placement` (`a b c d e f`), when given, maps the displayed page onto the
    /// space the content is drawn in (an annotation's appearance, drawn in the
    /// page's default user space): it joins the grid's `cm`, and the grain's pattern
    /// matrix must follow it (`InkResourceObjects.pattern(_:height:placement:image:)`).
    public static func content(for drawings: consuming [StrokeDrawing], width: Double, height: Double,
                               grid: PDFGrid = .ink, placement: [Double]? = nil) -> InkContent {
        var emitter = Emitter(grid: grid)
        emitter.bytes.reserveCapacity(drawings.count * 160 + 64)   // before `drawings` is consumed
        emitter.begin(height: height, placement: placement)
        emitter.draw(OpaqueStrokeBatching.batched(consume drawings))
        var content = InkContent(operators: emitter.bytes, graphicsStates: emitter.usedStates.sorted(),
                                 grains: emitter.usedGrains.sorted { $0.patternName < $1.patternName },
                                 width: width, height: height)
        content.placement = placement
        return content
    }

    /// The `a b c d e f` of the grid's `cm` on a page `height` points high.
    public static func gridMatrix(grid: PDFGrid, height: Double) -> [Double] {
        let s = 1 / Double(grid.unitsPerPoint)
        return [s, 0, 0, -s, 0, height]
    }

    /// `a b c d e f` of `first` followed by `second` (PDF's row-vector convention).
    public static func concatenate(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
         a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
         a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]
    }

    /// Fraction digits of the page height wherever it is written (the `cm`, the pattern matrix).
    static let heightDigits = 4
}

/// Grid-unit bounds of what a path covers (its control points).
struct GridBounds {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    var isEmpty: Bool { minX > maxX }

    @inline(__always) mutating func add(_ x: Int, _ y: Int) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    mutating func add(_ other: GridBounds) {
        guard !other.isEmpty else { return }
        add(other.minX, other.minY)
        add(other.maxX, other.maxY)
    }
}

private struct Emitter {
    let grid: PDFGrid
    var bytes: [UInt8] = []
    var usedStates: Set<InkGraphicsState> = []
    var usedGrains: Set<Grain> = []

    /// What the operators so far have set (restored by `Q` to what it was at `q`).
    struct State {
        var graphics = InkGraphicsState.initial
        var fill: [Int]? = [0, 0, 0]
        var stroke: [Int]? = [0, 0, 0]
        var lineWidth: Int?   // hundredths of a grid unit
        /// Where grid point (0, 0) of the operators is, in grid units of the page:
        /// moved by translations (`1 0 0 1 dx dy cm`) between path objects so
        /// that the integers stay short.
        var originX = 0, originY = 0
    }
    var state = State()
    /// The page's height in points (for the grain's `cm`).
    var pageHeight = 0.0
    var saved: [State] = []

    /// Consecutive grained fills without a mask, whose grain is painted once.
    var pendingGrain: (grain: Grain, region: [InkPath], bounds: GridBounds)?
    /// Consecutive stippled fills of one colour without a mask, whose dots are painted once a level.
    var pendingStipple: (color: RGBAColor, levels: [Int: (region: [InkPath], bounds: GridBounds)])?

    init(grid: PDFGrid) { self.grid = grid }

    // MARK: Bytes

    @inline(__always) mutating func text(_ string: StaticString) {
        string.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) mutating func integer(_ value: Int) {
        PDFNumberWriter.appendInteger(value, to: &bytes, terminator: UInt8(ascii: " "))
    }

    mutating func decimal(_ value: Double, _ digits: Int) {
        PDFNumberWriter.appendDecimal(value, fractionDigits: digits, to: &bytes)
        bytes.append(UInt8(ascii: " "))
    }

    mutating func name(_ name: String) {
        bytes.append(UInt8(ascii: "/"))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: " "))
    }

    // MARK: State

    mutating func begin(height: Double, placement: [Double]?) {
        pageHeight = height
        let grid = InkContentWriter.gridMatrix(grid: grid, height: height)
        // Nine digits: 1/12 is no finite decimal, and 0.083333 would move ink at the far
        // edge of a page by 1/300 pt.
        if let placement {
            // The grid's matrix, then the placement: one `cm`, its offsets to six digits.
            let matrix = InkContentWriter.concatenate(grid, placement)
            for value in matrix.prefix(4) { decimal(value, 9) }
            for value in matrix.suffix(2) { decimal(value, 6) }
        } else {
            for value in grid.prefix(5) { decimal(value, 9) }
            decimal(grid[5], InkContentWriter.heightDigits)
        }
        text("cm\n1 J 1 j\n")
    }

    mutating func save() {
        saved.append(state)
        text("q\n")
    }

    mutating func restore() {
        state = saved.removeLast()
        text("Q\n")
    }

    mutating func set(_ graphics: InkGraphicsState) {
        guard graphics != state.graphics else { return }
        state.graphics = graphics
        usedStates.insert(graphics)
        name(graphics.name)
        text("gs\n")
    }

    static func thousandths(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1000 : 0 }
        // Clamped before the conversion, which would trap on a value beyond Int's range.
        return Int((min(max(value, 0), 1) * 1000).rounded(.toNearestOrAwayFromZero))
    }

    mutating func setFill(_ color: RGBAColor) {
        let components = [Self.thousandths(color.red), Self.thousandths(color.green), Self.thousandths(color.blue)]
        guard components != state.fill else { return }
        state.fill = components
        for c in components { decimal(Double(c) / 1000, 3) }
        text("rg\n")
    }

    mutating func setStroke(_ color: RGBAColor) {
        let components = [Self.thousandths(color.red), Self.thousandths(color.green), Self.thousandths(color.blue)]
        guard components != state.stroke else { return }
        state.stroke = components
        for c in components { decimal(Double(c) / 1000, 3) }
        text("RG\n")
    }

    mutating func setLineWidth(_ points: Double) {
        // In grid units, clamped to the grid's range before the conversion (a width of 1e16 pt would trap).
        let units = min(max(points * Double(grid.unitsPerPoint), 0), Double(PDFGrid.limit))
        let hundredths = units.isNaN ? 0 : Int((units * 100).rounded(.toNearestOrAwayFromZero))
        guard hundredths != state.lineWidth else { return }
        state.lineWidth = hundredths
        decimal(Double(hundredths) / 100, 2)
        text("w\n")
    }

    static func graphics(_ paint: Paint) -> InkGraphicsState {
        InkGraphicsState(alphaThousandths: thousandths(paint.color.alpha), blend: paint.blend)
    }

    // MARK: Paths

    /// Writes `path` in grid units and returns its bounds. `forFill`: `h` only
    /// where a segment follows it without a move, and segments that vanish on
    /// the grid are dropped (a fill or clip closes subpaths itself and a
    /// zero-length segment encloses nothing); a stroke keeps both, since `h`
    /// joins the ends and a dot is a round cap.
    @discardableResult
    mutating func path(_ path: InkPath, forFill: Bool) -> GridBounds {
        self.path(path.elements[...], forFill: forFill)
    }

    @discardableResult
    mutating func path(_ elements: ArraySlice<InkPath.Element>, forFill: Bool) -> GridBounds {
        var bounds = GridBounds()
        var current: (Int, Int)?
        var start: (Int, Int)?
        let ox = state.originX, oy = state.originY
        @inline(__always) func point(_ x: Int, _ y: Int) { integer(x &- ox); integer(y &- oy) }
        for index in elements.indices {
            switch elements[index] {
            case .move(let p):
                let x = grid.units(p.x), y = grid.units(p.y)
                point(x, y); text("m\n")
                bounds.add(x, y)
                current = (x, y); start = current
            case .line(let p):
                let x = grid.units(p.x), y = grid.units(p.y)
                guard let (cx, cy) = current else {
                    // cairo takes a line with no current point as a move.
                    point(x, y); text("m\n")
                    bounds.add(x, y)
                    current = (x, y); start = current
                    continue
                }
                if forFill && cx == x && cy == y { continue }
                point(x, y); text("l\n")
                bounds.add(x, y)
                current = (x, y)
            case .curve(let a, let b, let p):
                let x1 = grid.units(a.x), y1 = grid.units(a.y)
                let x2 = grid.units(b.x), y2 = grid.units(b.y)
                let x3 = grid.units(p.x), y3 = grid.units(p.y)
                if current == nil {
                    // cairo starts a curve with no current point at its first control point.
                    point(x1, y1); text("m\n")
                    bounds.add(x1, y1)
                    current = (x1, y1); start = current
                }
                let (cx, cy) = current!
                let firstAtStart = x1 == cx && y1 == cy, secondAtEnd = x2 == x3 && y2 == y3
                if forFill && firstAtStart && secondAtEnd && x3 == cx && y3 == cy { continue }
                if firstAtStart && secondAtEnd {
                    point(x3, y3); text("l\n")
                } else if firstAtStart {
                    point(x2, y2); point(x3, y3); text("v\n")
                } else if secondAtEnd {
                    point(x1, y1); point(x3, y3); text("y\n")
                } else {
                    point(x1, y1); point(x2, y2); point(x3, y3); text("c\n")
                }
                bounds.add(x1, y1); bounds.add(x2, y2); bounds.add(x3, y3)
                current = (x3, y3)
            case .close:
                guard current != nil else { continue }
                let nextIsMove: Bool
                if index + 1 < elements.endIndex {
                    if case .move = elements[index + 1] { nextIsMove = true } else { nextIsMove = false }
                } else {
                    nextIsMove = true
                }
                if !(forFill && nextIsMove) { text("h\n") }
                current = start
            }
        }
        return bounds
    }

    mutating func rectangle(_ bounds: GridBounds) {
        integer(bounds.minX - state.originX); integer(bounds.minY - state.originY)
        integer(bounds.maxX - bounds.minX); integer(bounds.maxY - bounds.minY)
        text("re\n")
    }

    /// Moves the origin to the first point of `elements`, so that the path that
    /// follows is written in small numbers. Only between path objects.
    mutating func relocate(to elements: ArraySlice<InkPath.Element>) {
        guard let first = elements.first else { return }
        let p: Point
        switch first {
        case .move(let q), .line(let q): p = q
        case .curve(let q, _, _): p = q
        case .close: return
        }
        let x = grid.units(p.x), y = grid.units(p.y)
        let dx = x - state.originX, dy = y - state.originY
        guard dx != 0 || dy != 0 else { return }
        text("1 0 0 1 ")
        integer(dx); integer(dy)
        text("cm\n")
        state.originX = x
        state.originY = y
    }

    /// `path` as one path object from its own origin (its first point).
    ///
    /// Measured on the benchmark's dense pages: moving the origin before every
    /// path object compresses best, better than moving it only for paths that
    /// reach far from the origin, and far better than no local origins: small
    /// numbers repeat.
    @discardableResult
    mutating func pathObject(_ path: InkPath, forFill: Bool) -> GridBounds {
        relocate(to: path.elements[...])
        return self.path(path, forFill: forFill)
    }

    /// The subpaths of `path`, each from its own move.
    static func subpaths(_ path: InkPath) -> [ArraySlice<InkPath.Element>] {
        let elements = path.elements
        var result: [ArraySlice<InkPath.Element>] = []
        var start = elements.startIndex
        for index in elements.indices where index > start {
            if case .move = elements[index] {
                result.append(elements[start..<index])
                start = index
            }
        }
        if start < elements.endIndex { result.append(elements[start...]) }
        return result
    }

    // MARK: Drawing

    mutating func draw(_ drawings: [StrokeDrawing]) {
        for drawing in drawings {
            let paint = drawing.paint
            let stippleLevel: Int? = if case .stipple(let level)? = paint.grain, paint.style == .fill { level } else { nil }
            let joinsGrain = drawing.clip == nil && paint.style == .fill && paint.grain != nil
                && paint.grain == pendingGrain?.grain
            let joinsStipple = drawing.clip == nil && stippleLevel != nil && paint.color == pendingStipple?.color
            if !joinsGrain { paintPendingGrain() }
            if !joinsStipple { paintPendingStipple() }
            guard !drawing.path.isEmpty else { continue }
            if let level = stippleLevel, drawing.clip == nil {
                // Nothing written yet: the stretch joins its level's region, painted once.
                let region = drawing.path.uniformlyOriented()
                let bounds = Self.bounds(of: region, grid: grid)
                if pendingStipple == nil { pendingStipple = (paint.color, [:]) }
                if pendingStipple!.levels[level] == nil {
                    pendingStipple!.levels[level] = ([region], bounds)
                } else {
                    pendingStipple!.levels[level]!.region.append(region)
                    pendingStipple!.levels[level]!.bounds.add(bounds)
                }
                continue
            }
            if let clip = drawing.clip {
                save()
                pathObject(clip, forFill: true)
                text("W n\n")
            }
            switch (paint.style, paint.grain) {
            case (.fill, .stipple(let level)?):
                // Masked (unmasked ones were gathered above): the shape as a clip within the mask, the dots through it.
                save()
                let bounds = pathObject(drawing.path, forFill: true)
                text("W n\n")
                paintStipple(level, color: paint.color, over: bounds)
                restore()
            case (.fill, nil):
                set(Self.graphics(paint))
                setFill(paint.color)
                pathObject(drawing.path, forFill: true)
                text("f\n")
            case (.fill, let grain?) where drawing.clip == nil:
                // The colour now; the grain once over the union of this and the next grained fills.
                set(Self.graphics(paint))
                setFill(paint.color)
                let bounds = pathObject(drawing.path, forFill: true)
                text("f\n")
                let region = drawing.path.uniformlyOriented()
                if pendingGrain == nil {
                    pendingGrain = (grain, [region], bounds)
                } else {
                    pendingGrain!.region.append(region)
                    pendingGrain!.bounds.add(bounds)
                }
            case (.fill, let grain?):
                // Masked: the shape once, as a clip within the mask; colour and grain painted through it.
                save()
                let bounds = pathObject(drawing.path, forFill: true)
                text("W n\n")
                set(Self.graphics(paint))
                setFill(paint.color)
                rectangle(bounds)
                text("f\n")
                paintGrain(grain, over: bounds)
                restore()
            case (.stroke(let width), _):
                set(Self.graphics(paint))
                setStroke(paint.color)
                setLineWidth(width)
                if paint.color.alpha >= 1, paint.blend == .over, drawing.clip == nil {
                    // Opaque, one colour: its subpaths show their union however they are
                    // painted, so each is its own path object from its own origin.
                    for subpath in Self.subpaths(drawing.path) {
                        relocate(to: subpath)
                        path(subpath, forFill: false)
                        text("S\n")
                    }
                } else {
                    pathObject(drawing.path, forFill: false)
                    text("S\n")
                }
            }
            if drawing.clip != nil { restore() }
        }
        paintPendingGrain()
        paintPendingStipple()
    }

    /// Grid-unit bounds of `path`'s points (what `path(_:forFill:)` would return for it).
    static func bounds(of path: InkPath, grid: PDFGrid) -> GridBounds {
        var bounds = GridBounds()
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                bounds.add(grid.units(p.x), grid.units(p.y))
            case .curve(let a, let b, let p):
                bounds.add(grid.units(a.x), grid.units(a.y))
                bounds.add(grid.units(b.x), grid.units(b.y))
                bounds.add(grid.units(p.x), grid.units(p.y))
            case .close:
                break
            }
        }
        return bounds
    }

    /// Each level's dots once, through the union of its stretches (ascending levels; opaque
    /// dots of one colour show their union in any order).
    mutating func paintPendingStipple() {
        guard let pending = pendingStipple else { return }
        pendingStipple = nil
        for level in pending.levels.keys.sorted() {
            let (region, bounds) = pending.levels[level]!
            save()
            if let first = region.first { relocate(to: first.elements[...]) }
            for path in region { self.path(path, forFill: true) }
            text("W n\n")
            paintStipple(level, color: pending.color, over: bounds)
            restore()
        }
    }

    /// Fills `bounds` with the dots of `level` in `color` (inside a clip the caller set, within
    /// `q … Q`: the CTM is changed, as for `paintGrain`): the uncoloured pattern in the
    /// stipple's colour space, the colour's components its operands.
    mutating func paintStipple(_ level: Int, color: RGBAColor, over bounds: GridBounds) {
        guard !bounds.isEmpty else { return }
        let grain = Grain.stipple(level: level)
        set(InkGraphicsState(alphaThousandths: Self.thousandths(color.alpha), blend: .over))
        usedGrains.insert(grain)
        name(String(InkResourceObjects.stippleColorSpaceName.dropFirst()))
        text("cs ")
        for c in [color.red, color.green, color.blue] { decimal(Double(Self.thousandths(c)) / 1000, 3) }
        name(grain.patternName)
        text("scn\n")
        state.fill = nil
        fillPageRectangle(over: bounds)
    }

    mutating func paintPendingGrain() {
        guard let pending = pendingGrain else { return }
        pendingGrain = nil
        save()
        if let first = pending.region.first { relocate(to: first.elements[...]) }
        for region in pending.region { path(region, forFill: true) }
        text("W n\n")
        paintGrain(pending.grain, over: pending.bounds)
        restore()
    }

    /// Multiplies the grain over `bounds` (inside a clip the caller set, within
    /// `q … Q`: the CTM is changed). The rectangle is filled with the CTM back
    /// at the page's own (a `cm` undoing the grid's and the origin's): poppler's
    /// Splash renders a tiling pattern at a resolution taken from the CTM at the
    /// fill, so under the grid's scale (then 1/16) its grain came out coarser than
    /// cairo's PDF of the same pattern (SSIM 0.90 against 1.00).
    mutating func paintGrain(_ grain: Grain, over bounds: GridBounds) {
        guard !bounds.isEmpty else { return }
        set(InkGraphicsState(alphaThousandths: 1000, blend: .multiply))
        usedGrains.insert(grain)
        text("/Pattern cs ")
        name(grain.patternName)
        text("scn\n")
        state.fill = nil
        fillPageRectangle(over: bounds)
    }

    /// Fills `bounds`, in whole points, with the CTM back at the page's own (a `cm` undoing
    /// the grid's and the origin's), for a tiling pattern: see `paintGrain`.
    mutating func fillPageRectangle(over bounds: GridBounds) {
        let n = grid.unitsPerPoint
        integer(n); text("0 0 "); integer(-n); integer(-state.originX)
        decimal(Double(n) * pageHeight - Double(state.originY), InkContentWriter.heightDigits)
        text("cm\n")
        // The bounds in whole points, PDF's way up (y from the bottom).
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let left = floorDiv(bounds.minX, n), right = -floorDiv(-bounds.maxX, n)
        let top = floorDiv(bounds.minY, n), bottom = -floorDiv(-bounds.maxY, n)
        decimal(Double(left), 0); decimal(pageHeight - Double(bottom), InkContentWriter.heightDigits)
        integer(right - left); integer(bottom - top)
        text("re\nf\n")
    }
}
