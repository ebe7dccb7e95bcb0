import InkBatch
import InkPipeline

extension ArgumentScanner {
    /// Reads the value of `--timeout SECONDS` or `--memory-limit MB` into `limits`.
    mutating func limit(_ option: String, into limits: inout WorkerLimits) throws(UsageError) {
        let text = try value(for: option)
        guard let number = Double(text), number.isFinite, number > 0 else {
            throw UsageError(message: "\(command): \(option) '\(text)' is not a positive number")
        }
        if option == "--timeout" { limits.timeout = number } else { limits.memoryMB = Int(number.rounded(.up)) }
    }
}
