/// How finely ink coordinates are written: the PDF content writer rounds them
/// to 1/`unitsPerPoint` pt (`PDFGrid.ink`, integers under one `cm`) and the
/// cairo painter snaps its rasters to the same points, so that a raster and the
/// PDF show the same ink.
public enum InkGrid {
    /// 1/12 pt (0.021 mm; at most 1/24 pt from the geometry). Measured on the
    /// benchmark's dense pages, bytes against the fidelity of the ink as written
    /// (SSIM near ink at 288 dpi against the unfitted reference, mean and worst
    /// page): 1/16 pt 44.3 KB a page at 0.9916 and 0.9910, 1/12 pt 42.5 KB at
    /// 0.9908 and 0.9903, 1/11 pt 42.0 KB at 0.9904 and 0.9898, 1/10 pt 41.1 KB at
    /// 0.9899 and 0.9894: 1/12 is the coarsest grid whose every page stays above 0.99.
    public static let unitsPerPoint = 12
}
