/// One line of an ink-layers file as bytes, before parsing.
///
/// `bytes` point into the reader's buffer and are valid only until the next
/// call to the reader; copy them (or write them with
/// `InkLayersWriter.writeRawLine`) to keep them.
public struct InkLine {
    /// The line without its `\n`, `\r\n` or (on line 1) UTF-8 byte-order mark.
    public var bytes: UnsafeRawBufferPointer
    /// 1-based line number, counting every line of the file (empty ones too).
    public var number: Int
    /// Offset of `bytes` in the decompressed stream.
    public var offset: Int64
}
