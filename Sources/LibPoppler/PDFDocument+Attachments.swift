import CPoppler

extension PDFDocument {
    /// What tells one embedded file from another in poppler's list: its file name
    /// (`/UF`, else `/F`) and, where the file specification gives them, its size and MD5.
    public struct AttachmentIdentity {
        public var name: String
        public var size: Int?
        public var checksum: [UInt8]?

        public init(name: String, size: Int?, checksum: [UInt8]?) {
            self.name = name
            self.size = size
            self.checksum = checksum
        }
    }

    /// Hands the decoded data of the embedded file `identity` names to `write`, a
    /// piece at a time as poppler decodes it (so memory stays the same whatever
    /// its size), and stops with an error once more than `limit` bytes have
    /// come, or once `write` returns false (`attachmentStopped`: the writer keeps its own reason). The file is the one with that name (and size and checksum, where
    /// known); failing a name, the only one with that size and checksum.
    ///
    /// - Returns: the number of bytes handed over; nil when no embedded file matches.
    ///
    /// The corresponding C functions are `poppler_document_get_attachments` and
    /// `poppler_attachment_save_to_callback`.
    public func streamAttachment(_ identity: AttachmentIdentity, limit: Int,
                                 to write: (UnsafeRawBufferPointer) -> Bool) throws(PopplerError) -> Int? {
        let list = withUnsafeHandle { poppler_document_get_attachments($0) }
        defer {
            var node = list
            while let current = node {
                inkpdf_g_object_unref(current.pointee.data)
                node = current.pointee.next
            }
            g_list_free(list)
        }
        var attachments: [(attachment: UnsafeMutablePointer<PopplerAttachment>, named: Bool)] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                let attachment = data.assumingMemoryBound(to: PopplerAttachment.self)
                if let matched = Self.matches(attachment, identity) { attachments.append((attachment, matched)) }
            }
            node = current.pointee.next
        }
        let named = attachments.filter(\.named)
        guard let chosen = named.first?.attachment ?? (attachments.count == 1 ? attachments[0].attachment : nil) else { return nil }

        // poppler calls back a C function: the writer, the count and whether it stopped travel in `Sink`.
        final class Sink {
            let write: (UnsafeRawBufferPointer) -> Bool
            let limit: Int
            var count = 0
            var stopped = false
            var tooLarge = false
            init(write: @escaping (UnsafeRawBufferPointer) -> Bool, limit: Int) {
                self.write = write
                self.limit = limit
            }
        }
        var error: UnsafeMutablePointer<GError>?
        let (saved, sink) = withoutActuallyEscaping(write) { write in
            let sink = Sink(write: write, limit: limit)
            let saved = poppler_attachment_save_to_callback(chosen, { buffer, count, context, _ in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                sink.count += Int(count)
                guard sink.count <= sink.limit else {
                    sink.tooLarge = true
                    return 0
                }
                guard sink.write(UnsafeRawBufferPointer(start: buffer, count: Int(count))) else {
                    sink.stopped = true
                    return 0
                }
                return 1
            }, Unmanaged.passUnretained(sink).toOpaque(), &error)
            return (saved, (count: sink.count, stopped: sink.stopped, tooLarge: sink.tooLarge))
        }
        let glibError = GLibError.consume(error)
        if sink.tooLarge { throw .attachmentTooLarge(path: path, limit: limit) }
        if sink.stopped { throw .attachmentStopped(path: path) }
        guard saved != 0 else {
            throw .damaged(path: path, reason: "its embedded ink cannot be read (\(glibError?.message ?? "poppler stopped decoding it"))")
        }
        return sink.count
    }

    /// Nil when `attachment` is not the file `identity` says; else whether its name is the one given.
    private static func matches(_ attachment: UnsafeMutablePointer<PopplerAttachment>, _ identity: AttachmentIdentity) -> Bool? {
        if let size = identity.size, poppler_attachment_get_size(attachment) != gsize(truncatingIfNeeded: size) { return nil }
        if let checksum = identity.checksum {
            guard let given = poppler_attachment_get_checksum(attachment),
                  Array(UnsafeRawBufferPointer(start: given.pointee.str, count: Int(given.pointee.len))) == checksum else { return nil }
        }
        let name = poppler_attachment_get_name(attachment).map { String(cString: $0) }
        if name == identity.name { return true }
        // Known only by size and checksum: poppler may spell an unusual name otherwise.
        return identity.size != nil && identity.checksum != nil ? false : nil
    }
}
