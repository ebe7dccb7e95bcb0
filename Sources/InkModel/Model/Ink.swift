/// The tool a stroke was drawn with (`PKInk`).
public struct Ink: Sendable, Equatable {
    public var type: InkType
    /// The colour exactly as the file wrote it (`#RRGGBB` or `#RRGGBBAA`).
    public var colorText: String
    /// The parsed colour.
    public var color: RGBAColor
    /// The tool's nominal width, for display only.
    public var width: Double?
    public var extra: JSONObject

    public init(type: InkType, colorText: String, color: RGBAColor, width: Double? = nil, extra: JSONObject = JSONObject()) {
        self.type = type
        self.colorText = colorText
        self.color = color
        self.width = width
        self.extra = extra
    }

    /// An ink from a colour; the text is written as `#RRGGBBAA`.
    public init(type: InkType, color: RGBAColor, width: Double? = nil) {
        self.init(type: type, colorText: color.hexString, color: color, width: width)
    }
}

/// PencilKit ink types, with any newer type kept by name.
public enum InkType: Sendable, Equatable, Hashable {
    case pen, pencil, marker, monoline, fountainPen, watercolor, crayon, reed
    /// An ink from a newer content version: kept verbatim, drawn as `pen`.
    case unknown(String)

    public init(name: String) {
        switch name {
        case "pen": self = .pen
        case "pencil": self = .pencil
        case "marker": self = .marker
        case "monoline": self = .monoline
        case "fountainPen": self = .fountainPen
        case "watercolor": self = .watercolor
        case "crayon": self = .crayon
        case "reed": self = .reed
        default: self = .unknown(name)
        }
    }

    public var name: String {
        switch self {
        case .pen: "pen"
        case .pencil: "pencil"
        case .marker: "marker"
        case .monoline: "monoline"
        case .fountainPen: "fountainPen"
        case .watercolor: "watercolor"
        case .crayon: "crayon"
        case .reed: "reed"
        case .unknown(let name): name
        }
    }

    /// The PencilKit content version that introduced this ink; nil for an unknown, newer ink.
    public var contentVersion: Int? {
        switch self {
        case .pen, .pencil, .marker: 1
        case .monoline, .fountainPen, .watercolor, .crayon: 2
        case .reed: 4
        case .unknown: nil
        }
    }
}

/// An sRGB colour with straight (not premultiplied) alpha, components 0 … 1.
public struct RGBAColor: Sendable, Equatable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var bytes: [Double] = []
        var index = 1
        while index < digits.count {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(Double(high << 4 | low) / 255)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#RRGGBBAA`, upper case.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue, alpha] {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            out.append(digits[byte >> 4])
            out.append(digits[byte & 15])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
