import Entitlements
import InkPipeline

/// A gate that could not be set up: a usage problem or a configuration file at fault.
enum GateSetupError: Error {
    case usage(UsageError)
    case configuration(EntitlementConfigurationError)

    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .configuration(.fileMissing), .configuration(.fileUnreadable): .inputMissing
        case .configuration(.fileUnwritable): .cannotCreateOutput
        case .configuration: .entitlementConfigurationInvalid
        }
    }

    var message: String {
        switch self {
        case .usage(let error): error.description
        case .configuration(let error): error.description
        }
    }
}
