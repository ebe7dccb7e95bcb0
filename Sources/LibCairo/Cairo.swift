import CCairo

/// What cairo says of itself.
public enum Cairo {
    /// The version of the cairo library loaded ("1.16.0").
    ///
    /// The corresponding C function is `cairo_version_string`.
    public static var version: String { String(cString: cairo_version_string()) }
}
