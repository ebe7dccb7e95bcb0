import InkWorkers
import InkCommandLine
import InkPipeline

extension ArgumentScanner {
    /// Reads the value of `--timeout SECONDS`, `--stall-timeout SECONDS` or `--memory-limit MB` into `limits`.
    mutating func limit(_ option: String, into limits: inout WorkerLimits) throws(UsageError) {
        let text = try value(for: option)
        guard let number = Double(text), number.isFinite, number > 0 else {
            throw UsageError(message: "\(command): \(option) '\(text)' is not a positive number")
        }
        switch option {
        case OptionHelp.timeout: limits.timeout = number
        case OptionHelp.stallTimeout: limits.stallTimeout = number
        default: limits.memoryMB = Int(number.rounded(.up))
        }
    }
}
