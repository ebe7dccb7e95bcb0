/// What makes strokes in two versions of a file the same gesture: the
/// stroke's `id` when it has one, otherwise its `created` time.
///
/// The pieces an eraser cuts from one stroke keep its `created` (and its
/// `id`), so they share an identity: one gesture, whose pieces differ
/// between two versions when one of them erased part of it.
public enum StrokeIdentity: Hashable, Sendable, CustomStringConvertible {
    /// A stable stroke-path identifier (`PKStrokePath.id`).
    case id(String)
    /// When the pen touched down, for strokes without an `id`.
    case created(Double)

    public init(of stroke: Stroke) {
        if let id = stroke.id { self = .id(id) } else { self = .created(stroke.created) }
    }

    /// `id 0C7F…` or `created 1764460000.125`, as reports name a gesture.
    public var description: String {
        switch self {
        case .id(let id): "id \(id)"
        case .created(let created): "created \(JSONValue.number(created).numberText ?? "\(created)")"
        }
    }
}

extension Stroke {
    /// The gesture this stroke belongs to.
    public var identity: StrokeIdentity { StrokeIdentity(of: self) }
}
