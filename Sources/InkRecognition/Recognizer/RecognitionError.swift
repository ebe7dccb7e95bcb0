/// Why recognition could not run: a language inkpdf does not know, or a model that is
/// missing or cannot be read. Each is one line that names the fix.
public enum RecognitionError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownLanguage(String, known: [String])
    /// The model file is not there: the Debian package that installs it.
    case modelMissing(path: String, language: String, package: String)
    /// The model file is there but the engine cannot read it.
    case modelDamaged(path: String, language: String, package: String, engine: String, reason: String)
    /// The engine's library cannot be opened: the Debian package that installs it.
    case engineMissing(engine: String, library: String, package: String, reason: String)

    public var description: String {
        switch self {
        case .unknownLanguage(let tag, let known):
            "--lang: '\(tag)' is not a language inkpdf recognises; use BCP 47 tags joined by '+' from \(known.joined(separator: ", "))"
        case .modelMissing(let path, let language, let package):
            "\(path): the \(language) recognition model is missing; install it with 'apt-get install \(package)'"
        case .modelDamaged(let path, let language, let package, let engine, let reason):
            "\(path): \(engine) cannot read the \(language) model (\(reason)); reinstall it with 'apt-get install --reinstall \(package)'"
        case .engineMissing(let engine, let library, let package, let reason):
            "\(library): \(engine) cannot be loaded (\(reason)); install it with 'apt-get install \(package)'"
        }
    }
}
