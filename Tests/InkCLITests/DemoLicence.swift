import Foundation

/// The bundled demo Pro licence (SamplePDFs/demo-licence, demo material): what the CLI
/// tests pass so that `flatten` gets past the entitlement gate.
enum DemoLicence {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SamplePDFs/demo-licence")
    static let trust = folder.appendingPathComponent("trust.json").path
    static let licence = folder.appendingPathComponent("demo-pro-licence.jws").path
    static let vendorKey = folder.appendingPathComponent("demo-vendor.pem").path

    /// The gate's environment variables, set to the demo trust file and licence.
    static let environment = ["INKPDF_TRUST": trust, "INKPDF_PROOFS": licence]
    /// The same as flags.
    static let arguments = ["--trust", trust, "--proof", licence]
}
