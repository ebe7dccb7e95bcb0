/// Points are compared exactly (all nine values) to find the run of a
/// stroke that two erased versions both kept.
extension StrokePoint: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(t)
    }
}
