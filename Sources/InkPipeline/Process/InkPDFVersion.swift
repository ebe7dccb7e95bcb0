/// inkpdf's version, as `inkpdf --version` prints it and PDFs it writes name it.
public enum InkPDFVersion {
    public static let current = "0.1.0"
}
