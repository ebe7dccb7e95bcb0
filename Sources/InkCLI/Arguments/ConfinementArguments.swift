import InkCommandLine
/// `--confine`, `--allow FOLDER` (repeatable, implies `--confine`) and, for `batch`, which
/// confines by default, `--no-confine`: where the files a document refers to may be read from.
struct ConfinementArguments {
    var confine = false
    var allowed: [String] = []
    var noConfine = false

    /// The confinement the options ask for (`ImportOptions.confinement`): nil, not confined;
    /// `[]`, the document's own folder; else that and the folders allowed. `confinedByDefault`
    /// (batch) makes no option mean `[]`.
    func confinement(command: String, confinedByDefault: Bool = false) throws(UsageError) -> [String]? {
        if noConfine {
            guard !confine && allowed.isEmpty else {
                throw UsageError(message: "\(command): --no-confine does not go with --confine or --allow")
            }
            return nil
        }
        return confine || !allowed.isEmpty || confinedByDefault ? allowed : nil
    }
}

extension ArgumentScanner {
    /// Reads `option` into `confinement` when it is one of its options; false when it is not.
    mutating func confinementOption(_ option: String, into confinement: inout ConfinementArguments,
                                    allowsNoConfine: Bool = false) throws(UsageError) -> Bool {
        switch option {
        case OptionHelp.confine: confinement.confine = true
        case OptionHelp.allow:
            let folder = try value(for: option)
            guard !folder.isEmpty else { throw UsageError(message: "\(command): --allow needs a folder") }
            confinement.allowed.append(folder)
        case OptionHelp.Batch.noConfine where allowsNoConfine: confinement.noConfine = true
        default: return false
        }
        return true
    }
}
