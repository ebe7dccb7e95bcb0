/// An engine's shared object opened when recognition first needs it (each shim.h: `dlopen`, then
/// its functions into one table), for tesseract and zinnia alike.
enum EngineLibrary {
    /// The table `opener` (a shim's `inkpdf_…_open`) fills from `sharedObject`; a library that cannot
    /// be opened, or lacks a function, is `engineMissing`, naming the Debian package that installs it.
    static func open<Table>(_ sharedObject: String, engine: String, package: String,
                            _ opener: (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> UnsafePointer<Table>?)
        -> Result<Table, RecognitionError> {
        var error: UnsafePointer<CChar>?
        guard let table = sharedObject.withCString({ opener($0, &error) }) else {
            return .failure(.engineMissing(engine: engine, library: sharedObject, package: package,
                                           reason: error.map { String(cString: $0) } ?? "unknown"))
        }
        return .success(table.pointee)
    }
}
