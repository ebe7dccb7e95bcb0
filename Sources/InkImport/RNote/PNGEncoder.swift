import CZlib

/// A PNG of 8-bit RGBA pixels, for an rnote `bitmapimage` (premultiplied RGBA bytes in the
/// file), so that it is drawn like any other image decoration. zlib does the compression
/// and the checksums; the chunks are PNG's (ISO/IEC 15948).
enum PNGEncoder {
    static func encode(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        // Rows with filter byte 0, un-premultiplied (PNG's alpha is straight).
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)
            for column in 0..<width {
                let index = (row * width + column) * 4
                let alpha = pixels[index + 3]
                for channel in 0..<3 {
                    let value = pixels[index + channel]
                    raw.append(alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha))))
                }
                raw.append(alpha)
            }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &compressedLength, input.baseAddress, uLong(input.count), 6)
            }
        }
        guard status == Z_OK else { return [] }
        compressed.removeSubrange(Int(compressedLength)...)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func bigEndian(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            png += bigEndian(data.count) + body
            let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            png += bigEndian(Int(crc))
        }
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        chunk("IDAT", compressed)
        chunk("IEND", [])
        return png
    }
}
