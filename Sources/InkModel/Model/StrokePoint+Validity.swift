extension StrokePoint {
    /// Whether the values keep the format's rules and `InkRange`: every one finite and within
    /// the range the pipeline carries (coordinates, nib sizes > 0, the time offset, the other values).
    @inline(__always)
    var isValid: Bool {
        InkRange.isCoordinate(x) && InkRange.isCoordinate(y) && InkRange.isWidth(w) && InkRange.isWidth(h)
            && abs(t) <= InkRange.maximumTimeOffset && abs(opacity) <= InkRange.maximumAttribute
            && abs(force) <= InkRange.maximumAttribute && abs(azimuth) <= InkRange.maximumAttribute
            && abs(altitude) <= InkRange.maximumAttribute
    }

    /// The field of the first rule the values break and what is wrong, or nil when they keep them all.
    var brokenRule: (field: String, problem: String)? {
        let values = [x, y, t, w, h, opacity, force, azimuth, altitude]
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            return (Self.fieldNames[index], "\(Self.fieldNames[index]) is not a finite number")
        }
        for (field, value) in [("x", x), ("y", y)] {
            if let problem = InkRange.coordinateProblem(field, value) { return (field, problem) }
        }
        for (field, value) in [("w", w), ("h", h)] {
            if let problem = InkRange.widthProblem(field, value) { return (field, problem) }
        }
        if abs(t) > InkRange.maximumTimeOffset {
            return ("t", "t is \(t), more than \(Int(InkRange.maximumTimeOffset)) seconds from the stroke's start")
        }
        for index in 5..<9 where abs(values[index]) > InkRange.maximumAttribute {
            return (Self.fieldNames[index], "\(Self.fieldNames[index]) is \(values[index]), outside ±\(Int(InkRange.maximumAttribute))")
        }
        return nil
    }
}
