import InkServe
import InkCommandLine

extension CommandRunner {
    /// Runs the service until SIGTERM; a set-up failure (address, files) is one line and its exit code.
    func serve(_ arguments: ServeArguments, errors: inout some TextOutputStream) -> Int32 {
        guard let workerExecutable else {
            print("inkpdf: serve: needs the inkpdf executable to start workers", to: &errors)
            return ExitCode.internalError.rawValue
        }
        do {
            let service = try ExportService(configuration: arguments.configuration, executable: workerExecutable,
                                            environment: environment)
            return try service.run()
        } catch {
            print("inkpdf: serve: " + TerminalText.escaped("\(error)"), to: &errors)
            switch error {
            case .badListenAddress: return ExitCode.usage.rawValue
            case .gateConfiguration: return ExitCode.entitlementConfigurationInvalid.rawValue
            case .unreadableFile, .noTokens: return ExitCode.inputMissing.rawValue
            case .cannotListen, .cannotCreateWorkFolder: return ExitCode.cannotCreateOutput.rawValue
            }
        }
    }
}
