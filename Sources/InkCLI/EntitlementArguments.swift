import InkBatch
import Entitlements
import Foundation

/// The options every gated command takes: `--policy FILE`, `--trust FILE`, `--proof FILE`
/// (repeatable) and `--state FILE`. Absent flags fall back to `INKPDF_POLICY`,
/// `INKPDF_TRUST`, `INKPDF_PROOFS` (colon-separated) and `INKPDF_STATE`.
public struct GateOptions: Equatable, Sendable {
    public var policy: String?
    public var trust: String?
    public var proofs: [String] = []
    public var state: String?

    public init(policy: String? = nil, trust: String? = nil, proofs: [String] = [], state: String? = nil) {
        self.policy = policy
        self.trust = trust
        self.proofs = proofs
        self.state = state
    }

    /// The options as they are written on a command line (for a worker process,
    /// which checks the gate again: a hidden verb must not be a way around it).
    public var arguments: [String] {
        var out: [String] = []
        if let policy { out += ["--policy", policy] }
        if let trust { out += ["--trust", trust] }
        for proof in proofs { out += ["--proof", proof] }
        if let state { out += ["--state", state] }
        return out
    }

    /// Records one of the gate's options.
    mutating func set(_ option: String, to value: String) {
        switch option {
        case "--policy": policy = value
        case "--trust": trust = value
        case "--proof": proofs.append(value)
        default: state = value
        }
    }
}

/// `inkpdf entitlement check …` and `inkpdf licence issue|verify|keygen …`.
public enum EntitlementCommand: Equatable, Sendable {
    case check(EntitlementCheckArguments)
    case issueLicence(LicenceIssueArguments)
    case verifyLicence(LicenceVerifyArguments)
    case generateVendorKey(VendorKeyArguments)
}

/// `inkpdf entitlement check --action ACTION [--proof FILE]… [--notes N] [--first-use DATE]
/// [--policy FILE] [--trust FILE] [--state FILE] [--now DATE] [--json]`.
public struct EntitlementCheckArguments: Equatable, Sendable {
    public var action: EntitlementAction
    public var gate = GateOptions()
    public var notes = 0
    public var firstUse: Date?
    public var now: Date?
    public var json = false

    public init(action: EntitlementAction, gate: GateOptions = GateOptions(), notes: Int = 0, firstUse: Date? = nil, now: Date? = nil, json: Bool = false) {
        self.action = action
        self.gate = gate
        self.notes = notes
        self.firstUse = firstUse
        self.now = now
        self.json = json
    }
}

/// `inkpdf licence issue --key vendor.pem --product P --bundle B --customer C [--expires DATE]
/// [--not-before DATE] [--id ID] [--now DATE] [-o FILE]`.
public struct LicenceIssueArguments: Equatable, Sendable {
    public var key: String
    public var product: String
    public var bundleId: String
    public var customer: String
    public var expires: Date?
    public var notBefore: Date?
    public var id: String?
    public var now: Date?
    public var output: String?
}

/// `inkpdf licence verify FILE --trust FILE [--now DATE] [--json]`.
public struct LicenceVerifyArguments: Equatable, Sendable {
    public var path: String
    public var trust: String?
    public var now: Date?
    public var json = false
}

/// `inkpdf licence keygen --private vendor.pem --public vendor.pub.pem`.
public struct VendorKeyArguments: Equatable, Sendable {
    public var privateKey: String
    public var publicKey: String
}

extension Command {
    /// Parses `entitlement SUBCOMMAND …` and `licence SUBCOMMAND …` (`license` works too).
    static func parseEntitlement(verb: String, _ arguments: [String]) throws(UsageError) -> EntitlementCommand {
        let noun = verb == "entitlement" ? "entitlement" : "licence"
        guard let subcommand = arguments.first else {
            throw UsageError(message: noun == "entitlement" ? "entitlement: give a subcommand: check" : "licence: give a subcommand: issue, verify or keygen")
        }
        let rest = Array(arguments.dropFirst())
        switch (noun, subcommand) {
        case ("entitlement", "check"): return .check(try parseEntitlementCheck(rest))
        case ("licence", "issue"): return .issueLicence(try parseLicenceIssue(rest))
        case ("licence", "verify"): return .verifyLicence(try parseLicenceVerify(rest))
        case ("licence", "keygen"): return .generateVendorKey(try parseVendorKey(rest))
        default: throw UsageError(message: "\(noun): unknown subcommand '\(subcommand)'")
        }
    }

    static let gateOptionNames: Set<String> = ["--policy", "--trust", "--proof", "--state"]

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
        while let option = scanner.nextOption() {
            switch option {
            case "--action":
                let text = try scanner.value(for: option)
                guard let parsed = EntitlementAction(rawValue: text) else {
                    let actions = EntitlementAction.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "\(command): unknown action '\(text)'; the actions are \(actions)")
                }
                action = parsed
            case _ where gateOptionNames.contains(option): result.gate.set(option, to: try scanner.value(for: option))
            case "--notes":
                let text = try scanner.value(for: option)
                guard let notes = Int(text), notes >= 0 else { throw UsageError(message: "\(command): --notes '\(text)' is not a count of notes") }
                result.notes = notes
            case "--first-use": result.firstUse = try date(try scanner.value(for: option), for: option, in: command)
            case "--now": result.now = try date(try scanner.value(for: option), for: option, in: command)
            case "--json": result.json = true
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
        var values: [String: String] = [:]
        var expires: Date?, notBefore: Date?, now: Date?
        while let option = scanner.nextOption() {
            switch option {
            case "--key", "--product", "--bundle", "--customer", "--id": values[option] = try scanner.value(for: option)
            case "--output", "-o": values["--output"] = try scanner.value(for: option)
            case "--expires": expires = try date(try scanner.value(for: option), for: option, in: command)
            case "--not-before": notBefore = try date(try scanner.value(for: option), for: option, in: command)
            case "--now": now = try date(try scanner.value(for: option), for: option, in: command)
            default: throw scanner.unknown(option)
            }
        }
        try scanner.noPositional()
        for required in ["--key", "--product", "--bundle", "--customer"] where values[required]?.isEmpty ?? true {
            throw UsageError(message: "\(command): give \(required) \(required == "--key" ? "vendor.pem" : required.dropFirst(2).uppercased())")
        }
        return LicenceIssueArguments(key: values["--key"]!, product: values["--product"]!, bundleId: values["--bundle"]!,
                                     customer: values["--customer"]!, expires: expires, notBefore: notBefore, id: values["--id"],
                                     now: now, output: values["--output"])
    }

    private static func parseLicenceVerify(_ arguments: [String]) throws(UsageError) -> LicenceVerifyArguments {
        let command = "licence verify"
        var scanner = ArgumentScanner(command: command, arguments: arguments)
        var trust: String?, now: Date?, json = false
        while let option = scanner.nextOption() {
            switch option {
            case "--trust": trust = try scanner.value(for: option)
            case "--now": now = try date(try scanner.value(for: option), for: option, in: command)
            case "--json": json = true
            default: throw scanner.unknown(option)
            }
        }
        return LicenceVerifyArguments(path: try scanner.onePositional("licence FILE"), trust: trust, now: now, json: json)
    }

    private static func parseVendorKey(_ arguments: [String]) throws(UsageError) -> VendorKeyArguments {
        let command = "licence keygen"
        var scanner = ArgumentScanner(command: command, arguments: arguments)
        var privateKey: String?, publicKey: String?
        while let option = scanner.nextOption() {
            switch option {
            case "--private": privateKey = try scanner.value(for: option)
            case "--public": publicKey = try scanner.value(for: option)
            default: throw scanner.unknown(option)
            }
        }
        try scanner.noPositional()
        guard let privateKey, let publicKey else { throw UsageError(message: "\(command): give --private vendor.pem and --public vendor.pub.pem") }
        return VendorKeyArguments(privateKey: privateKey, publicKey: publicKey)
    }
}

extension FlattenArguments {
    /// The same arguments with the gate's options.
    func with(gate: GateOptions) -> FlattenArguments {
        var copy = self
        copy.gate = gate
        return copy
    }
}
