/// The definitions a trace is read by: its channels (`<traceFormat>`), their
/// resolutions (`<inkSource>`'s `<channelProperties>`), the brush, the canvas
/// transform, the time base. Values, resolved when they are defined (a
/// reference names only what came before it), so no chain of references is
/// followed while traces are read and no cycle can form.

/// One `<channel>` of a trace format.
struct InkMLChannel: Sendable, Equatable {
    var name: String
    /// `decimal`, `double`, `integer` or `boolean`.
    var type: String = "decimal"
    var units: String?
    var minimum: Double?
    var maximum: Double?
    /// `-ve`: the channel grows the other way (values are negated).
    var negated = false
    /// The value of an intermittent channel a point leaves out.
    var defaultValue: Double = 0
    var intermittent = false
}

/// A `<traceFormat>`: the channels in the order a point lists their values, regular ones first.
struct InkMLTraceFormat: Sendable, Equatable {
    static let maximumChannels = 64
    var channels: [InkMLChannel]
    var regularCount: Int { channels.count(where: { !$0.intermittent }) }

    /// The recommendation's default: X and Y, decimal.
    static let `default` = InkMLTraceFormat(channels: [InkMLChannel(name: "X"), InkMLChannel(name: "Y")])

    func index(of name: String) -> Int? { channels.firstIndex { $0.name == name } }
}

/// A `<brush>`: its properties by name, each with its value text and units.
struct InkMLBrush: Sendable, Equatable {
    var id: String?
    var properties: [String: (value: String, units: String?)] = [:]

    static func == (a: InkMLBrush, b: InkMLBrush) -> Bool {
        a.id == b.id && a.properties.keys == b.properties.keys
            && a.properties.allSatisfy { b.properties[$0.key]?.value == $0.value.value && b.properties[$0.key]?.units == $0.value.units }
    }
}

/// A channel property (`<channelProperty channel name value units>`), e.g. X's resolution.
struct InkMLChannelProperty: Sendable, Equatable {
    var value: Double
    var units: String?
}

/// An `<inkSource>`: its trace format (if it gives one) and its channels' properties.
struct InkMLInkSource: Sendable, Equatable {
    var traceFormat: InkMLTraceFormat?
    /// Channel name → property name → property.
    var properties: [String: [String: InkMLChannelProperty]] = [:]
}

/// A canvas transform: x' = a·X + b·Y + c, y' = d·X + e·Y + f on the channel values.
struct InkMLAffine: Sendable, Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 0.0, e = 1.0, f = 0.0
    var isIdentity: Bool { self == InkMLAffine() }
}

/// A `<context>`: everything a trace is read by.
struct InkMLContext: Sendable, Equatable {
    var traceFormat = InkMLTraceFormat.default
    var inkSource = InkMLInkSource()
    var brush: InkMLBrush?
    var transform = InkMLAffine()
    /// The time base in seconds since 1970 (`<timestamp time>`, milliseconds in the file).
    var timeBase: Double?
    var id: String?
}

/// Anything a reference may name.
enum InkMLDefinition: Sendable {
    case context(InkMLContext)
    case brush(InkMLBrush)
    case traceFormat(InkMLTraceFormat)
    case inkSource(InkMLInkSource)
    case canvasTransform(InkMLAffine)
    case timestamp(Double)
}
