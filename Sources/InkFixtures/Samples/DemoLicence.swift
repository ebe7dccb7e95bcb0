import Foundation

/// The bundled demo Pro licence (SamplePDFs/demo-licence, demo material): what the CLI
/// tests pass so that `flatten` gets past the entitlement gate.
public enum DemoLicence {
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SamplePDFs/demo-licence")
    public static let trust = folder.appendingPathComponent("trust.json").path
    public static let licence = folder.appendingPathComponent("demo-pro-licence.jws").path
    public static let vendorKey = folder.appendingPathComponent("demo-vendor.pem").path

    /// The gate's environment variables, set to the demo trust file and licence.
    public static let environment = ["INKPDF_TRUST": trust, "INKPDF_PROOFS": licence]
    /// The same as flags.
    public static let arguments = ["--trust", trust, "--proof", licence]
}
