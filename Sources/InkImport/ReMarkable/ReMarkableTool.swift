import Foundation
import InkModel

/// The tablet's writing tools (ids as lines files store them) and how each is
/// drawn in inkpdf's ink model so that it looks as the tablet shows it.
///
/// Widths: every point of a lines file carries the width the tablet itself
/// computed from the tool's thickness setting, pressure, speed and tilt (the
/// fineliner's is constant, the calligraphy pen's changes with the direction
/// of travel, the brush's with pressure), so a point's nib size is that width
/// in page points, and inkpdf's inks add no width rule of their own.
enum ReMarkableTool: Sendable, Equatable {
    case paintbrush, pencil, ballpoint, marker, fineliner, highlighter, eraser, mechanicalPencil, eraseArea
    case calligraphy, shader
    case unknown(UInt32)

    init(id: UInt32) {
        switch id {
        case 0, 12: self = .paintbrush
        case 1, 14: self = .pencil
        case 2, 15: self = .ballpoint
        case 3, 16: self = .marker
        case 4, 17: self = .fineliner
        case 5, 18: self = .highlighter
        case 6: self = .eraser
        case 7, 13: self = .mechanicalPencil
        case 8: self = .eraseArea
        case 21: self = .calligraphy
        case 23: self = .shader
        default: self = .unknown(id)
        }
    }

    var name: String {
        switch self {
        case .paintbrush: "paintbrush"
        case .pencil: "pencil"
        case .ballpoint: "ballpoint"
        case .marker: "marker"
        case .fineliner: "fineliner"
        case .highlighter: "highlighter"
        case .eraser: "eraser"
        case .mechanicalPencil: "mechanical pencil"
        case .eraseArea: "erase area"
        case .calligraphy: "calligraphy pen"
        case .shader: "shader"
        case .unknown(let id): "tool \(id)"
        }
    }

    /// The ink-layers ink that draws it like the tablet:
    /// - ballpoint, marker, paintbrush, calligraphy pen: `pen`, a round nib that follows each point's width;
    /// - fineliner: `monoline`, one even width;
    /// - pencil, mechanical pencil: `pencil`, stippled (`Ink.isStippled`): graphite dots over
    ///   the share of the paper the tablet's textures cover at the point's pressure (`opacity`);
    /// - highlighter, shader: `marker`, a chisel multiplied onto the page (text under it stays readable);
    /// - eraser, erase area, unknown tools: `pen` (erasers invisible or white, see `opacity`).
    var inkType: InkType {
        switch self {
        case .fineliner: .monoline
        case .pencil, .mechanicalPencil: .pencil
        case .highlighter, .shader: .marker
        default: .pen
        }
    }

    /// Whether the tablet shows the stroke at all. Erase-area strokes are the record of a
    /// command whose effect is already in the file (the lines it erased are gone or cut), and
    /// so are version 6 eraser strokes; versions 3 and 5 draw eraser strokes as white.
    func isDrawn(version: Int) -> Bool {
        switch self {
        case .eraseArea: false
        case .eraser: version < 6
        default: true
        }
    }

    /// The point's opacity (0 … 2, 1 normal) from its pressure (0 … 1) and speed (as version 6's
    /// packed points store it, 4 × the float of version 3 and 5 files).
    ///
    /// The pencils' is the share of the paper their dots cover (their inks are stippled). The
    /// tablet draws a pencil segment with a texture of randomly placed dots, as many as the
    /// pressure asks for: texture ⌊0.25·(100·p)^1.21⌋ of a series that goes from no dots to
    /// solid (rschroll/rmrl, `rmrl/pens/textures.py` and the textures taken from the tablet),
    /// whose share this curve follows within 0.02 for every pressure; a fast hand lightens it
    /// by 0.1 for every 35 units of speed (ricklupton/rmc, `writing_tools.py`). The mechanical
    /// pencil's textures run from 10 % to 90 % dots in eleven steps of pressure (rmrl,
    /// `mechanicalpencil.py`); the tablet records its pressure as 0.7 … 1.
    func opacity(pressure: Double, speed: Double = 0, version: Int) -> Double {
        guard isDrawn(version: version) else { return 0 }
        switch self {
        case .ballpoint: return min(1, 0.75 + 0.5 * pressure)
        case .pencil:
            let share = 1 - pow(1 - pow(pressure, 1.8), 1.775)
            let fast = 0.1 * (speed / 4) / 35
            return min(max(share - (fast.isFinite ? max(fast, 0) : 0), 0), 1)
        case .mechanicalPencil: return min(max(0.1 + 0.8 * pow(pressure, 1.4), 0), 1)
        case .paintbrush: return min(1, 0.6 + 0.6 * pressure)
        default: return 1
        }
    }

    /// The stroke's colour: the RGBA newer firmware stores, or the palette entry.
    func color(colorID: UInt32, rgba: (UInt8, UInt8, UInt8, UInt8)?) -> RGBAColor {
        if self == .eraser { return RGBAColor(red: 1, green: 1, blue: 1) }
        if let rgba {
            return RGBAColor(red: Double(rgba.0) / 255, green: Double(rgba.1) / 255, blue: Double(rgba.2) / 255,
                             alpha: Double(rgba.3) / 255)
        }
        if self == .highlighter || self == .shader {
            let rgb: (Int, Int, Int) = switch colorID {
            case 4, 10: (172, 255, 133)  // green
            case 5, 12: (242, 158, 255)  // pink
            case 6, 11: (190, 234, 254)  // blue
            case 7: (255, 195, 140)      // orange (the tablet has no red highlighter)
            case 8: (199, 199, 198)      // grey
            default: (255, 237, 117)     // yellow: older firmware's only highlighter colour
            }
            return RGBAColor(red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255,
                             alpha: self == .shader ? 0.25 : 1)
        }
        let rgb: (Int, Int, Int) = switch colorID {
        case 1: (144, 144, 144)
        case 2: (255, 255, 255)
        case 3: (251, 247, 25)
        case 4: (0, 255, 0)
        case 5: (255, 192, 203)
        case 6: (78, 105, 201)
        case 7: (179, 62, 57)
        case 8: (125, 125, 125)
        case 9: (255, 237, 117)
        case 10: (161, 216, 125)
        case 11: (139, 208, 229)
        case 12: (183, 130, 205)
        case 13: (247, 232, 81)
        default: (0, 0, 0)
        }
        return RGBAColor(red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255)
    }
}
