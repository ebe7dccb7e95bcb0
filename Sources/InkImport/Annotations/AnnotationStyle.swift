import Foundation
import InkModel
import LibQPDF

/// What the standard keys of one annotation say about how it is drawn: border
/// width and dashes, colour, opacity, when it was made. Read from untrusted
/// dictionaries: every value of the wrong type or out of range falls back to
/// the default the PDF specification gives, and says so in `problems`.
struct AnnotationStyle {
    /// Border width in default user space units (`/BS /W`, else `/Border` [2], else 1).
    var width: Double = 1
    /// Dash lengths in user units (`/BS /S /D` with `/BS /D`, default [3]); nil for solid.
    var dashes: [Double]?
    /// `/C` as RGB; nil when the array is empty (transparent: nothing drawn).
    var color: RGBAColor? = RGBAColor(red: 0, green: 0, blue: 0)
    /// Whether `/IC` gives an interior colour (a fill, which a stroke cannot carry).
    var hasInteriorColor = false
    /// `/CreationDate`, else `/M`, as seconds since 1970; nil when neither parses.
    var created: Double?
    /// `/NM`, when it is a string.
    var name: String?
    /// Values that were not understood, each a short phrase ("/BS /W is -3").
    var problems: [String] = []

    /// The longest dash array read (a pattern is a few numbers; a longer one is damage).
    static let maximumDashCount = 16

    init(_ annotation: QPDFObject) {
        self.init(borderOf: annotation)
        if let interior = annotation["/IC"], interior.isArray, interior.count > 0 { hasInteriorColor = true }
        created = (annotation["/CreationDate"]?.text).flatMap(Self.pdfDate) ?? (annotation["/M"]?.text).flatMap(Self.pdfDate)
        name = annotation["/NM"]?.text
    }

    /// Only what a border is drawn with: width, dashes, colour and opacity (a link's, of which a manual has thousands).
    init(borderOf annotation: QPDFObject) {
        readWidth(annotation)
        readColor(annotation["/C"], key: "/C")
        let opacity = annotation["/CA"]
        if let opacity {
            if let value = opacity.number, value.isFinite, value >= 0, value <= 1 {
                color?.alpha = value
            } else {
                problems.append("/CA is not a number from 0 to 1")
            }
        }
    }

    private mutating func readWidth(_ annotation: QPDFObject) {
        if let border = annotation["/BS"], border.isDictionary {
            if let w = border["/W"] {
                if let value = w.number, value.isFinite, value >= 0, value <= InkRange.maximumWidth { width = value }
                else { problems.append("/BS /W is not a width") }
            }
            if border["/S"]?.isName("/D") == true {
                var pattern: [Double] = [3]
                if let dash = border["/D"], dash.isArray {
                    let values = (0..<min(dash.count, Self.maximumDashCount)).compactMap { dash[$0].number }
                    if !values.isEmpty, values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= InkRange.maximumWidth }),
                       values.reduce(0, +) > 0 {
                        pattern = values
                    } else {
                        problems.append("/BS /D is not a dash pattern; dashed [3] instead")
                    }
                }
                dashes = pattern
            }
            return
        }
        if let border = annotation["/Border"], border.isArray, border.count >= 3 {
            if let value = border[2].number, value.isFinite, value >= 0, value <= InkRange.maximumWidth { width = value }
            else { problems.append("/Border [2] is not a width") }
        }
    }

    private mutating func readColor(_ value: QPDFObject?, key: String) {
        guard let value else { return }
        guard value.isArray else { problems.append("\(key) is not an array; black instead"); return }
        let components = (0..<min(value.count, 4)).map { value[$0].number }
        func unit(_ c: Double?) -> Double? { c.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } }
        let units = components.compactMap(unit)
        switch (value.count, units.count) {
        case (0, _): color = nil
        case (1, 1): color = RGBAColor(red: units[0], green: units[0], blue: units[0])
        case (3, 3): color = RGBAColor(red: units[0], green: units[1], blue: units[2])
        case (4, 4):
            // Naive CMYK: what viewers without a colour profile show.
            let k = 1 - units[3]
            color = RGBAColor(red: (1 - units[0]) * k, green: (1 - units[1]) * k, blue: (1 - units[2]) * k)
        default: problems.append("\(key) is not 1, 3 or 4 numbers from 0 to 1; black instead")
        }
    }

    /// Seconds since 1970 of a PDF date `D:YYYYMMDDHHmmSSOHH'mm'` (every part after the year
    /// optional); nil when it is not one or is outside the years inkpdf carries.
    static func pdfDate(_ text: String) -> Double? {
        var characters = Substring(text)
        if characters.hasPrefix("D:") { characters = characters.dropFirst(2) }
        let digits = characters.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4, digits.count <= 14, digits.count % 2 == 0 else { return nil }
        let numbers = Array(digits.utf8).map { Int($0) - 48 }
        func field(_ start: Int, _ length: Int, default value: Int) -> Int {
            guard start + length <= numbers.count else { return value }
            return numbers[start..<(start + length)].reduce(0) { $0 * 10 + $1 }
        }
        let year = field(0, 4, default: 1970), month = field(4, 2, default: 1), day = field(6, 2, default: 1)
        let hour = field(8, 2, default: 0), minute = field(10, 2, default: 0), second = field(12, 2, default: 0)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61, year >= 1 else { return nil }
        var offset = 0
        let rest = characters.dropFirst(digits.count)
        if let sign = rest.first, sign == "+" || sign == "-" {
            let zone = Array(rest.dropFirst().filter { $0.isASCII && $0.isNumber }.utf8).map { Int($0) - 48 }
            let hours = zone.count >= 2 ? zone[0] * 10 + zone[1] : 0
            let minutes = zone.count >= 4 ? zone[2] * 10 + zone[3] : 0
            guard hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (sign == "-" ? -1 : 1)
        }
        // Days from the civil date (proleptic Gregorian), as in Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second - offset)
        return InkRange.isTime(seconds) ? seconds : nil
    }
}
