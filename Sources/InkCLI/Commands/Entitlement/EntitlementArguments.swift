import InkCommandLine
import Entitlements
import Foundation

extension Command {
    /// Parses `entitlement SUBCOMMAND …` and `licence SUBCOMMAND …` (`license` works too).
    static func parseEntitlement(verb: String, _ arguments: [String]) throws(UsageError) -> EntitlementCommand {
        let noun = verb == "entitlement" ? "entitlement" : "licence"
        guard let subcommand = arguments.first else {
            throw UsageError(message: noun == "entitlement" ? "entitlement: give a subcommand: check" : "licence: give a subcommand: issue, verify or keygen")
        }
        if OptionHelp.help ~= subcommand || subcommand == "help" { throw UsageError.helpRequest(topic: noun) }
        let rest = Array(arguments.dropFirst())
        switch (noun, subcommand) {
        case ("entitlement", "check"): return .check(try parseEntitlementCheck(rest))
        case ("licence", "issue"): return .issueLicence(try parseLicenceIssue(rest))
        case ("licence", "verify"): return .verifyLicence(try parseLicenceVerify(rest))
        case ("licence", "keygen"): return .generateVendorKey(try parseVendorKey(rest))
        default:
            let subcommands: [String] = HelpText.commands.compactMap { $0.name.hasPrefix(noun + " ") ? String($0.name.dropFirst(noun.count + 1)) : nil }
            let suggestion = Suggestion.nearest(to: subcommand, among: subcommands)
            throw UsageError(message: "\(noun): unknown subcommand '\(subcommand)'"
                + (suggestion.map { "; did you mean '\(noun) \($0)'?" } ?? ""))
        }
    }

    static let gateOptionNames = Set(OptionHelp.gate.flatMap(\.names))

    private static func date(_ text: String, for option: String, in command: String) throws(UsageError) -> Date {
        guard let date = Date(commandLine: text) else {
            throw UsageError(message: "\(command): \(option) '\(text)' is not a date like 2025-06-15, 2025-06-15T12:00:00Z or @1750000000")
        }
        return date
    }

    private static func parseEntitlementCheck(_ arguments: [String]) throws(UsageError) -> EntitlementCheckArguments {
        let command = "entitlement check"
        var scanner = ArgumentScanner(command: command, arguments: arguments)
        var action: EntitlementAction?
        var result = EntitlementCheckArguments(action: .viewAnnotated)
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.EntitlementCheck.action:
                let text = try scanner.value(for: option)
                guard let parsed = EntitlementAction(rawValue: text) else {
                    let actions = EntitlementAction.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "\(command): unknown action '\(text)'; the actions are \(actions)")
                }
                action = parsed
            case _ where gateOptionNames.contains(option): result.gate.set(option, to: try scanner.value(for: option))
            case OptionHelp.EntitlementCheck.notes:
                let text = try scanner.value(for: option)
                guard let notes = Int(text), notes >= 0 else { throw UsageError(message: "\(command): --notes '\(text)' is not a count of notes") }
                result.notes = notes
            case OptionHelp.EntitlementCheck.firstUse: result.firstUse = try date(try scanner.value(for: option), for: option, in: command)
            case OptionHelp.now: result.now = try date(try scanner.value(for: option), for: option, in: command)
            case OptionHelp.json: result.json = true
            default: throw scanner.unknown(option)
            }
        }
        try scanner.noPositional()
        guard let action else { throw UsageError(message: "\(command): give the action with --action ACTION") }
        result.action = action
        return result
    }

    private static func parseLicenceIssue(_ arguments: [String]) throws(UsageError) -> LicenceIssueArguments {
        let command = "licence issue"
        var scanner = ArgumentScanner(command: command, arguments: arguments)
        var key: String?, product: String?, bundle: String?, customer: String?, id: String?, output: String?
        var expires: Date?, notBefore: Date?, now: Date?
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.LicenceIssue.key: key = try scanner.value(for: option)
            case OptionHelp.LicenceIssue.product: product = try scanner.value(for: option)
            case OptionHelp.LicenceIssue.bundle: bundle = try scanner.value(for: option)
            case OptionHelp.LicenceIssue.customer: customer = try scanner.value(for: option)
            case OptionHelp.LicenceIssue.id: id = try scanner.value(for: option)
            case OptionHelp.output: output = try scanner.value(for: option)
            case OptionHelp.LicenceIssue.expires: expires = try date(try scanner.value(for: option), for: option, in: command)
            case OptionHelp.LicenceIssue.notBefore: notBefore = try date(try scanner.value(for: option), for: option, in: command)
            case OptionHelp.now: now = try date(try scanner.value(for: option), for: option, in: command)
            default: throw scanner.unknown(option)
            }
        }
        try scanner.noPositional()
        let required = [(OptionHelp.LicenceIssue.key, key), (OptionHelp.LicenceIssue.product, product),
                        (OptionHelp.LicenceIssue.bundle, bundle), (OptionHelp.LicenceIssue.customer, customer)]
        for (option, value) in required where value?.isEmpty ?? true {
            throw UsageError(message: "\(command): give \(option.name) \(option == OptionHelp.LicenceIssue.key ? "vendor.pem" : option.field.uppercased())")
        }
        return LicenceIssueArguments(key: key!, product: product!, bundleId: bundle!, customer: customer!, expires: expires,
                                     notBefore: notBefore, id: id, now: now, output: output)
    }

    private static func parseLicenceVerify(_ arguments: [String]) throws(UsageError) -> LicenceVerifyArguments {
        let command = "licence verify"
        var scanner = ArgumentScanner(command: command, arguments: arguments)
        var trust: String?, now: Date?, json = false
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.trust: trust = try scanner.value(for: option)
            case OptionHelp.now: now = try date(try scanner.value(for: option), for: option, in: command)
            case OptionHelp.json: json = true
            default: throw scanner.unknown(option)
            }
        }
        return LicenceVerifyArguments(path: try scanner.onePositional("licence FILE"), trust: trust, now: now, json: json)
    }

    private static func parseVendorKey(_ arguments: [String]) throws(UsageError) -> VendorKeyArguments {
        let command = "licence keygen"
        var scanner = ArgumentScanner(command: command, arguments: arguments)
        var privateKey: String?, publicKey: String?
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.LicenceKeygen.privateKey: privateKey = try scanner.value(for: option)
            case OptionHelp.LicenceKeygen.publicKey: publicKey = try scanner.value(for: option)
            default: throw scanner.unknown(option)
            }
        }
        try scanner.noPositional()
        guard let privateKey, let publicKey else { throw UsageError(message: "\(command): give --private vendor.pem and --public vendor.pub.pem") }
        return VendorKeyArguments(privateKey: privateKey, publicKey: publicKey)
    }
}

