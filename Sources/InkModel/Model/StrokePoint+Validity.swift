extension StrokePoint {
    /// Whether the values keep the format's rules: every one finite, `w` and `h` greater than 0.
    @inline(__always)
    var isValid: Bool {
        x.isFinite && y.isFinite && t.isFinite && w.isFinite && h.isFinite && opacity.isFinite
            && force.isFinite && azimuth.isFinite && altitude.isFinite && w > 0 && h > 0
    }

    /// The field of the first rule the values break and what is wrong, or nil when they keep them all.
    var brokenRule: (field: String, problem: String)? {
        let values = [x, y, t, w, h, opacity, force, azimuth, altitude]
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            return (Self.fieldNames[index], "\(Self.fieldNames[index]) is not a finite number")
        }
        if !(w > 0) { return ("w", "w is not greater than 0") }
        if !(h > 0) { return ("h", "h is not greater than 0") }
        return nil
    }
}
