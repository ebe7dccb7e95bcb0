import InkModel
import InkRendering

/// The objects ink content names besides its operators, as PDF text: one
/// definition for `IncrementalUpdate` (which writes them into a file itself)
/// and for a qpdf rewrite (which makes them with qpdf's object API).
public enum InkResourceObjects {
    /// The keys of the ink's Form XObject without `/Resources`, `/Filter` and
    /// `/Length`: `/Type/XObject/Subtype/Form/BBox[0 0 width height]`. No
    /// `/Group`: a multiply highlighter darkens the page beneath.
    public static func formKeys(width: Double, height: Double) -> String {
        var box: [UInt8] = Array("/Type/XObject/Subtype/Form/BBox[0 0 ".utf8)
        PDFNumberWriter.appendDecimal(width, fractionDigits: 4, to: &box)
        box.append(32)
        PDFNumberWriter.appendDecimal(height, fractionDigits: 4, to: &box)
        box.append(UInt8(ascii: "]"))
        return String(decoding: box, as: UTF8.self)
    }

    /// The keys of an annotation's appearance (a Form XObject) without `/Resources`,
    /// `/Filter` and `/Length`: its `/BBox` is `rect`, the annotation's `/Rect`.
    public static func appearanceKeys(rect: [Double]) -> String {
        var box: [UInt8] = Array("/Type/XObject/Subtype/Form/BBox[".utf8)
        for (index, value) in rect.enumerated() {
            if index > 0 { box.append(32) }
            PDFNumberWriter.appendDecimal(value, fractionDigits: 2, to: &box)
        }
        box.append(UInt8(ascii: "]"))
        return String(decoding: box, as: UTF8.self)
    }

    /// The grain's tile image: its dictionary without `/Length` (`/Filter/FlateDecode`) and its deflated data.
    /// A stipple's is a stencil mask (`/ImageMask true`, one bit a pixel, 0 at a dot): it paints
    /// the colour its pattern is filled with.
    public static func tileImage(_ grain: Grain) -> (dictionary: String, data: [UInt8]) {
        let tile = GrainTile(grain)
        if grain.isStipple {
            let rowBytes = (tile.size + 7) / 8
            var bits = [UInt8](repeating: 0, count: rowBytes * tile.size)
            for y in 0..<tile.size {
                for x in 0..<tile.size where tile.levels[y * tile.size + x] != 0 {
                    bits[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
                }
            }
            return ("<</Type/XObject/Subtype/Image/Width \(tile.size)/Height \(tile.size)"
                        + "/ImageMask true/BitsPerComponent 1/Filter/FlateDecode>>",
                    InkContentCompression.deflate(bits, level: 9))
        }
        return ("<</Type/XObject/Subtype/Image/Width \(tile.size)/Height \(tile.size)"
                    + "/ColorSpace/DeviceGray/BitsPerComponent 8/Interpolate true/Filter/FlateDecode>>",
                InkContentCompression.deflate(tile.levels, level: 9))
    }

    /// The colour space stippled ink is painted in (`scn` with the ink's colour and a
    /// `/Dots…` pattern): an uncoloured pattern over DeviceRGB, named in the content's resources.
    public static let stippleColorSpaceName = "/InkDots"

    /// `/ColorSpace<<…>>` (as PDF text) when `grains` has a stipple, whose patterns are
    /// painted in `stippleColorSpaceName`; nil when none.
    public static func colorSpaces(for grains: [Grain]) -> String? {
        grains.contains(where: \.isStipple) ? "/ColorSpace<<" + stippleColorSpaceName + "[/Pattern/DeviceRGB]>>" : nil
    }

    /// The page height as ink content writes it: the key patterns are shared by.
    public static func heightText(_ height: Double) -> String {
        var text: [UInt8] = []
        PDFNumberWriter.appendDecimal(height, fractionDigits: InkContentWriter.heightDigits, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The grain's tiling pattern for pages `height` points high, whose tile
    /// image is the object `image`: its dictionary without `/Length`, and its
    /// content. Pattern space is the page's (or form's) default space, and the
    /// tile repeats from the top-left corner of the displayed page, y down, as
    /// the cairo painter lays it. Written as cairo writes its own (the matrix
    /// moves the tile's bottom row one tile below the page's top; the image
    /// fills the tile upright), so that renderers sample both alike.
    /// `placement`: the content's (`InkContent.placement`), which the pattern's matrix follows.
    public static func pattern(_ grain: Grain, height: Double, placement: [Double]? = nil, image: Int) -> (dictionary: String, data: [UInt8]) {
        let keys = patternKeys(grain, height: height, placement: placement)
        return ("<<" + keys.keys + "/Resources<<" + "/XObject<<" + tileImageName + " \(image) 0 R>>>>>>", keys.data)
    }

    /// The name the pattern's content gives its tile image, in the pattern's `/Resources /XObject`.
    public static let tileImageName = "/T"

    /// The pattern's keys without `/Resources` (as PDF text, no `<< >>`), and its content.
    public static func patternKeys(_ grain: Grain, height: Double, placement: [Double]? = nil) -> (keys: String, data: [UInt8]) {
        let tile = GrainTile(grain)
        var matrix: [UInt8] = Array("/Matrix[".utf8)
        let scale = 1 / tile.pixelsPerPoint
        let own = [scale, 0, 0, scale, 0, height - Double(tile.size) * scale]
        if let placement {
            for value in InkContentWriter.concatenate(own, placement) {
                PDFNumberWriter.appendDecimal(value, fractionDigits: 6, to: &matrix)
                matrix.append(32)
            }
        } else {
            for value in own {
                PDFNumberWriter.appendDecimal(value, fractionDigits: value == scale ? 6 : InkContentWriter.heightDigits, to: &matrix)
                matrix.append(32)
            }
        }
        matrix[matrix.count - 1] = UInt8(ascii: "]")
        let n = tile.size
        // A stipple's pattern is uncoloured (PaintType 2): its dots take the colour it is filled with.
        return ("/Type/Pattern/PatternType 1/PaintType \(grain.isStipple ? 2 : 1)/TilingType 1/BBox[0 0 \(n) \(n)]"
                    + "/XStep \(n)/YStep \(n)" + String(decoding: matrix, as: UTF8.self),
                Array("q \(n) 0 0 \(n) 0 0 cm \(tileImageName) Do Q\n".utf8))
    }

    /// `Q`, then `matrix` (when given) and the form named `formName` drawn (when given):
    /// what follows a page's original content.
    public static func closingOperators(formName: String?, matrix: [Double]?) -> [UInt8] {
        var text: [UInt8] = Array("\nQ\n".utf8)
        if let matrix {
            for value in matrix {
                PDFNumberWriter.appendDecimal(value, fractionDigits: 6, to: &text)
                text.append(32)
            }
            text += Array("cm\n".utf8)
        }
        if let formName { text += Array((formName + " Do\n").utf8) }
        return text
    }
}
